//! Numbers as text without the standard library's float formatting (which
//! would add its whole machinery to the wasm): decimals by integer
//! arithmetic.

/// `x` with `places` decimals (at most 3), rounded half away from zero; `-0` is written `0`.
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

/// Like [`dec`], with a `+` before positive numbers.
pub fn signed(x: f64, places: u32) -> String {
    let s = dec(x, places);
    if s.starts_with('-') || s.trim_start_matches(['0', '.']).is_empty() {
        s
    } else {
        format!("+{s}")
    }
}

/// A number's text in the language's convention: Indonesian writes the
/// decimal point as a comma (61,5).
pub fn local(lang: crate::ui::i18n::Lang, text: String) -> String {
    if lang == crate::ui::i18n::Lang::Id {
        text.replace('.', ",")
    } else {
        text
    }
}

/// `part` of `whole` as a percentage with one decimal (`0` when `whole` is 0).
pub fn percent(part: u32, whole: u32) -> String {
    if whole == 0 {
        "0".into()
    } else {
        dec(part as f64 * 100.0 / whole as f64, 1)
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
        assert_eq!(signed(1.357, 2), "+1.36");
        assert_eq!(signed(-0.5, 1), "-0.5");
        assert_eq!(signed(0.0, 2), "0.00");
        assert_eq!(percent(1, 3), "33.3");
        assert_eq!(percent(0, 0), "0");
        assert_eq!(local(crate::ui::i18n::Lang::Id, percent(1, 3)), "33,3");
        assert_eq!(local(crate::ui::i18n::Lang::En, percent(1, 3)), "33.3");
    }
}
