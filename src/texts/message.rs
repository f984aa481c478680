//! A text with holes, as the language files write it: a subset of ICU
//! MessageFormat, the format translators' tools know.
//!
//! - `{0}`, `{1}`, …: the arguments, in order;
//! - `{0, plural, one {# seed} other {# seeds}}`: a choice on the number
//!   the argument is, by the language's plural rule (`one` and `other`;
//!   `=1`, `=2`, … for an exact number), where `#` is the number;
//! - every other character is itself.
//!
//! The build checks every text with [`render`] (build.rs includes this
//! file), so the app formats only texts that read.

/// What is wrong with a text, for the build's message.
pub type Problem = &'static str;

/// The plural category of `n` by a language's rule: English has `one`
/// (1) and `other`; Indonesian only `other`.
pub type PluralRule = fn(i64) -> &'static str;

/// Writes `text` into `out` with its holes filled by `arg(i)` (the
/// argument as it reads, or `None` if there is no such argument), choosing
/// by `rule`; returns the arguments it named, as a bit set.
pub fn render(
    text: &str,
    arg: &dyn Fn(usize) -> Option<String>,
    rule: PluralRule,
    out: &mut String,
) -> Result<u32, Problem> {
    let mut used = 0;
    let rest = part(text, arg, rule, None, out, &mut used)?;
    if !rest.is_empty() {
        return Err("a `}` with no `{` before it");
    }
    Ok(used)
}

/// Renders up to the `}` that closes the part (or the end), and returns
/// what follows it, that `}` included. `number` is the number `#` stands
/// for, inside a plural choice.
fn part<'a>(
    mut text: &'a str,
    arg: &dyn Fn(usize) -> Option<String>,
    rule: PluralRule,
    number: Option<&str>,
    out: &mut String,
    used: &mut u32,
) -> Result<&'a str, Problem> {
    loop {
        let Some(at) = text.find(['{', '}', '#']) else {
            out.push_str(text);
            return Ok("");
        };
        out.push_str(&text[..at]);
        match (text.as_bytes()[at], number) {
            (b'}', _) => return Ok(&text[at..]),
            (b'#', Some(n)) => out.push_str(n),
            (b'#', None) => out.push('#'),
            _ => {
                text = hole(&text[at + 1..], arg, rule, out, used)?;
                continue;
            }
        }
        text = &text[at + 1..];
    }
}

/// Renders a hole (after its `{`) and returns what follows its `}`.
fn hole<'a>(
    text: &'a str,
    arg: &dyn Fn(usize) -> Option<String>,
    rule: PluralRule,
    out: &mut String,
    used: &mut u32,
) -> Result<&'a str, Problem> {
    let end = text.find(['}', ',']).ok_or("a `{` with no `}` after it")?;
    let index: usize = text[..end]
        .trim()
        .parse()
        .map_err(|_| "a hole that is not a number, as in `{0}`")?;
    if index >= 32 {
        return Err("a hole past `{31}`");
    }
    *used |= 1 << index;
    let value = arg(index).ok_or("a hole with no argument")?;
    if text.as_bytes()[end] == b'}' {
        out.push_str(&value);
        return Ok(&text[end + 1..]);
    }
    let rest = text[end + 1..].trim_start();
    let rest = rest
        .strip_prefix("plural")
        .and_then(|r| r.trim_start().strip_prefix(','))
        .ok_or("a hole that is neither `{0}` nor `{0, plural, …}`")?;
    let category = value.parse::<i64>().map(rule).unwrap_or("other");
    let exact = format!("={value}");
    let mut rest = rest.trim_start();
    let mut chosen: Option<String> = None;
    let mut other: Option<String> = None;
    while !rest.starts_with('}') {
        let open = rest.find('{').ok_or("a plural choice with no `{`")?;
        let selector = rest[..open].trim();
        if !(selector == "one" || selector == "other" || selector.starts_with('=')) {
            return Err("a plural choice that is not `one`, `other` or `=N`");
        }
        let mut branch = String::new();
        let after = part(
            &rest[open + 1..],
            arg,
            rule,
            Some(&value),
            &mut branch,
            used,
        )?;
        rest = after
            .strip_prefix('}')
            .ok_or("a plural choice with no `}`")?
            .trim_start();
        if selector == "other" {
            other = Some(branch);
        } else if chosen.is_none() && (selector == exact || selector == category) {
            chosen = Some(branch);
        }
        if rest.is_empty() {
            return Err("a plural with no `}` after its choices");
        }
    }
    let other = other.ok_or("a plural with no `other` choice")?;
    out.push_str(&chosen.unwrap_or(other));
    Ok(&rest[1..])
}
