//! Numbers as text without the standard library's float formatting (which
//! would add its whole machinery to the wasm): decimals by integer
//! arithmetic.
//!
//! A number a reader sees goes through [`shown`] (or the helpers built on
//! it: [`number`], [`signed`], [`percent`], [`integer`]), which writes it
//! in the language's convention. [`dec`] is for machine text only (SVG
//! coordinates), which always has a decimal point.

use crate::texts::i18n::Lang;

/// The real minus sign (U+2212) that Indonesian texts write before a
/// negative number.
pub const MINUS: char = '\u{2212}';

/// `x` with `places` decimals (at most 3), rounded half away from zero; `-0`
/// is written `0`. For machine text (SVG attributes): a reader's number
/// goes through [`number`].
pub fn dec(x: f64, places: u32) -> String {
    let scale = 10i64.pow(places.min(3));
    let scaled = (x * scale as f64).round() as i64;
    let sign = if scaled < 0 { "-" } else { "" };
    let (whole, frac) = (scaled.abs() / scale, scaled.abs() % scale);
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!(
            "{sign}{whole}.{frac:0width$}",
            width = places.min(3) as usize
        )
    }
}

/// A number's text (as [`dec`] writes it) in the language's convention:
/// English as it is (`-0.51`, `61.5`); Indonesian with a decimal comma and
/// the real minus sign (`−0,51`, `61,5`). The one place that decides how a
/// reader's number looks.
pub fn shown(lang: Lang, text: &str) -> String {
    match lang {
        Lang::En => text.to_string(),
        Lang::Id => text
            .chars()
            .map(|c| match c {
                '.' => ',',
                '-' => MINUS,
                c => c,
            })
            .collect(),
    }
}

/// `x` with `places` decimals for a reader, in the language's convention.
pub fn number(lang: Lang, x: f64, places: u32) -> String {
    shown(lang, &dec(x, places))
}

/// A whole number for a reader (a negative one with the language's minus).
pub fn integer(lang: Lang, n: i64) -> String {
    shown(lang, &n.to_string())
}

/// `x` with at most one decimal, none when it is whole (`6`, `2.5`), for a reader.
pub fn short(lang: Lang, x: f64) -> String {
    let tenths = (x * 10.0).round();
    number(lang, x, if tenths % 10.0 == 0.0 { 0 } else { 1 })
}

/// Like [`number`], with a `+` before positive numbers.
pub fn signed(lang: Lang, x: f64, places: u32) -> String {
    let s = dec(x, places);
    if s.starts_with('-') || s.trim_start_matches(['0', '.']).is_empty() {
        shown(lang, &s)
    } else {
        shown(lang, &format!("+{s}"))
    }
}

/// `part` of `whole` as a percentage with one decimal (`0` when `whole` is
/// 0), without the sign, for a reader.
pub fn percent(lang: Lang, part: u32, whole: u32) -> String {
    if whole == 0 {
        "0".into()
    } else {
        number(lang, part as f64 * 100.0 / whole as f64, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_match_the_standard_formatting() {
        for &(x, p) in &[
            (0.0, 1),
            (1.25, 1),
            (-1.25, 2),
            (123.456, 2),
            (-0.04, 1),
            (99.95, 1),
            (7.0, 0),
            (-3.5, 0),
            (0.5, 3),
        ] {
            let ours = dec(x, p);
            let std = format!("{:.*}", p as usize, x);
            // The standard rounds half to even on the binary value; compare as numbers.
            let diff = (ours.parse::<f64>().unwrap() - std.parse::<f64>().unwrap()).abs();
            assert!(
                diff <= 10f64.powi(-(p as i32)) + 1e-9,
                "{x} {p}: {ours} vs {std}"
            );
        }
        assert_eq!(dec(-0.04, 1), "0.0");
        assert_eq!(dec(12.345, 2), "12.35");
        assert_eq!(dec(-1.5, 1), "-1.5");
        assert_eq!(signed(Lang::En, 1.357, 2), "+1.36");
        assert_eq!(signed(Lang::En, -0.5, 1), "-0.5");
        assert_eq!(signed(Lang::En, 0.0, 2), "0.00");
        assert_eq!(percent(Lang::En, 1, 3), "33.3");
        assert_eq!(percent(Lang::En, 0, 0), "0");
    }

    /// One Indonesian format for every number a reader sees: a decimal
    /// comma and the real minus sign, whichever helper writes it.
    #[test]
    fn indonesian_numbers_have_a_decimal_comma_and_a_real_minus() {
        let id = Lang::Id;
        assert_eq!(percent(id, 1, 3), "33,3");
        assert_eq!(percent(id, 563, 1000), "56,3");
        assert_eq!(signed(id, -0.514, 2), "\u{2212}0,51");
        assert_eq!(signed(id, 1.357, 2), "+1,36");
        assert_eq!(number(id, 29.25, 1), "29,3");
        assert_eq!(integer(id, -40), "\u{2212}40");
        assert_eq!(short(id, 0.5), "0,5");
        assert_eq!(short(id, -3.0), "\u{2212}3");
        assert_eq!(short(Lang::En, 3.7), "3.7");
        assert_eq!(short(Lang::En, 6.0), "6");
        for text in [
            percent(id, 2, 7),
            signed(id, -12.5, 2),
            number(id, -0.25, 1),
            integer(id, -7),
        ] {
            assert!(!text.contains(['.', '-']), "{text}");
        }
        // English keeps its point and its hyphen-minus.
        assert_eq!(signed(Lang::En, -0.514, 2), "-0.51");
        assert_eq!(integer(Lang::En, -40), "-40");
    }
}
