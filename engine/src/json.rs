//! The app's one way between JSON text and its types: a small reader of
//! JSON text into a [`serde_json::Value`] and a writer of one back, with
//! serde's derives (`from_value`, `to_value`) or [`Members`] between the
//! `Value` and a type.
//!
//! serde_json's own reader is generic over what it reads into, so every type
//! read from text gets its own copy of it, which weighs on the play page's
//! bundle (docs/performance.md has the figure). This one reads any JSON document once,
//! into a `Value`, and [`from_str`] hands that to `serde_json::from_value`
//! (the typed half, which the bundles hold anyway). It reads everything
//! serde_json writes for this app's types: objects, arrays, strings with
//! every escape, whole numbers, `true`, `false` and `null`.
//!
//! The one deliberate difference: a number with a fraction or an exponent
//! is refused with a message saying so. Nothing the app stores, links or
//! sends holds one, and reading them would bring in the float parser.
//! Everything else is JSON as RFC 8259 has it, checked the same way as
//! serde_json (leading zeros, control characters in strings, lone
//! surrogates, trailing commas and trailing text are errors; nesting is
//! limited to 127 levels, as serde_json limits it).

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt;

/// Why a text is not JSON this reader takes, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong.
    pub what: &'static str,
    /// The line it is on, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.what, self.line, self.column
        )
    }
}

impl std::error::Error for JsonError {}

/// The deepest nesting read: serde_json's (its limit of 128 counts the
/// level that fails).
const MAX_DEPTH: usize = 127;

/// Reads a JSON document.
pub fn parse(text: &str) -> Result<Value, JsonError> {
    let mut r = Reader {
        text,
        at: 0,
        depth: 0,
    };
    r.space();
    let value = r.value()?;
    r.space();
    if r.at < text.len() {
        return Err(r.error("trailing characters"));
    }
    Ok(value)
}

/// Why [`from_str`] could not read a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The text is not JSON this reader takes.
    Syntax(JsonError),
    /// The JSON is not a value of the type read: serde's message, which
    /// names the field and what it expected.
    Shape(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Syntax(e) => write!(f, "{e}"),
            ReadError::Shape(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Syntax(e) => Some(e),
            ReadError::Shape(_) => None,
        }
    }
}

impl From<JsonError> for ReadError {
    fn from(e: JsonError) -> ReadError {
        ReadError::Syntax(e)
    }
}

/// Reads a JSON document as a `T`: [`parse`], then `serde_json::from_value`.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, ReadError> {
    let value = parse(text)?;
    serde_json::from_value(value).map_err(|e| ReadError::Shape(e.to_string()))
}

/// Writes a value as compact JSON text, byte for byte as serde_json's
/// `to_string` writes a `Value` (keys in the map's order, strings escaped
/// the same way), without serde's generic writer. The app writes whole
/// numbers only (its reader refuses fractions): a number with a fraction
/// is written as `null`.
pub fn write(value: &Value) -> String {
    let mut out = String::new();
    write_into(&mut out, value);
    out
}

/// Writes a `T` as compact JSON text: `serde_json::to_value`, then
/// [`write`] (so an object's members are in their names' order, and a
/// number with a fraction is written as `null`).
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    serde_json::to_value(value).map(|v| write(&v))
}

/// Writes a value as JSON text for people to read, byte for byte as
/// serde_json's `to_string_pretty` writes a `Value`: each member and item
/// on a line of its own, indented by two spaces a level.
pub fn write_pretty(value: &Value) -> String {
    let mut out = String::new();
    write_pretty_into(&mut out, value, 0);
    out
}

fn write_pretty_into(out: &mut String, value: &Value, depth: usize) {
    let indent = |out: &mut String, depth: usize| {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    match value {
        Value::Array(items) if !items.is_empty() => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write_pretty_into(out, item, depth + 1);
            }
            indent(out, depth);
            out.push(']');
        }
        Value::Object(members) if !members.is_empty() => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                indent(out, depth + 1);
                write_str(out, key);
                out.push_str(": ");
                write_pretty_into(out, item, depth + 1);
            }
            indent(out, depth);
            out.push('}');
        }
        other => write_into(out, other),
    }
}

fn write_into(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => out.push_str(&u.to_string()),
            (None, Some(i)) => out.push_str(&i.to_string()),
            (None, None) => out.push_str("null"),
        },
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_into(out, item);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, key);
                out.push(':');
                write_into(out, item);
            }
            out.push('}');
        }
    }
}

fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON object of these members (in the map's order, as serde_json keeps
/// them; a key given twice keeps its last value). Built by inserting, not
/// collecting: a map collected from an iterator sorts it first, and each
/// kind of iterator brought its own copy of the sort into the bundle.
pub fn object(members: Vec<(String, Value)>) -> Value {
    let mut map = Map::new();
    for (key, value) in members {
        map.insert(key, value);
    }
    Value::Object(map)
}

/// The kind of JSON value a member should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A string.
    String,
    /// A whole number (not negative, no fraction).
    WholeNumber,
    /// `true` or `false`.
    Bool,
    /// An array.
    Array,
}

impl fmt::Display for Expected {
    /// The kind with its article: `a string`, `true or false`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::String => "a string",
            Expected::WholeNumber => "a whole number",
            Expected::Bool => "true or false",
            Expected::Array => "an array",
        })
    }
}

/// Why an object read by hand through [`Members`] was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemberError {
    /// The value is not an object.
    NotAnObject {
        /// What the object was to be (`a pack`, `presentation`).
        what: String,
    },
    /// A member that is not one of the known ones.
    Unknown {
        /// The member's key.
        key: String,
        /// The keys an object of this kind may have.
        known: Vec<String>,
    },
    /// A member that must be present is not.
    Missing {
        /// The member's key.
        key: String,
    },
    /// A member is not of the kind expected.
    WrongKind {
        /// The member's key.
        key: String,
        /// The kind it should have been.
        expected: Expected,
    },
}

impl fmt::Display for MemberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemberError::NotAnObject { what } => write!(f, "{what}: expected an object"),
            MemberError::Unknown { key, known } => write!(
                f,
                "unknown field `{key}`, expected one of {}",
                known.join(", ")
            ),
            MemberError::Missing { key } => write!(f, "missing field `{key}`"),
            MemberError::WrongKind { key, expected } => write!(f, "`{key}`: expected {expected}"),
        }
    }
}

impl std::error::Error for MemberError {}

/// The members of a JSON object, for reading a type by hand (what serde's
/// derive would do, without its code for each type).
#[derive(Clone, Copy, Debug)]
pub struct Members<'a>(&'a Map<String, Value>);

impl<'a> Members<'a> {
    /// The members of `value`, which must be an object; `what` names it
    /// in the error.
    pub fn of(value: &'a Value, what: &str) -> Result<Members<'a>, MemberError> {
        value
            .as_object()
            .map(Members)
            .ok_or_else(|| MemberError::NotAnObject {
                what: what.to_string(),
            })
    }

    /// Refuses a member not in `known`, naming it.
    pub fn only(&self, known: &[&str]) -> Result<(), MemberError> {
        match self.0.keys().find(|k| !known.contains(&k.as_str())) {
            Some(k) => Err(MemberError::Unknown {
                key: k.clone(),
                known: known.iter().map(|k| k.to_string()).collect(),
            }),
            None => Ok(()),
        }
    }

    /// A member, if present.
    pub fn get(&self, key: &str) -> Option<&'a Value> {
        self.0.get(key)
    }

    /// A member that must be present.
    pub fn req(&self, key: &str) -> Result<&'a Value, MemberError> {
        self.0.get(key).ok_or_else(|| MemberError::Missing {
            key: key.to_string(),
        })
    }

    /// A member that must be present and of a kind, read by `read`.
    fn kind<T>(
        &self,
        key: &str,
        expected: Expected,
        read: impl FnOnce(&'a Value) -> Option<T>,
    ) -> Result<T, MemberError> {
        read(self.req(key)?).ok_or_else(|| MemberError::WrongKind {
            key: key.to_string(),
            expected,
        })
    }

    /// A text member.
    pub fn str(&self, key: &str) -> Result<&'a str, MemberError> {
        self.kind(key, Expected::String, Value::as_str)
    }

    /// A whole-number member.
    pub fn u64(&self, key: &str) -> Result<u64, MemberError> {
        self.kind(key, Expected::WholeNumber, Value::as_u64)
    }

    /// A yes-or-no member.
    pub fn bool(&self, key: &str) -> Result<bool, MemberError> {
        self.kind(key, Expected::Bool, Value::as_bool)
    }

    /// An array member.
    pub fn array(&self, key: &str) -> Result<&'a [Value], MemberError> {
        self.kind(key, Expected::Array, |v| v.as_array().map(Vec::as_slice))
    }

    /// Every member, in the map's order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a str, &'a Value)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn error(&self, what: &'static str) -> JsonError {
        let before = &self.text[..self.at.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        JsonError { what, line, column }
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn expect(&mut self, word: &str, what: &'static str) -> Result<(), JsonError> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(())
        } else {
            Err(self.error(what))
        }
    }

    fn value(&mut self) -> Result<Value, JsonError> {
        match self.peek() {
            None => Err(self.error("the text ends where a value should be")),
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(b'"') => self.string().map(Value::String),
            Some(b't') => self.expect("true", "expected a value").map(|_| true.into()),
            Some(b'f') => self
                .expect("false", "expected a value")
                .map(|_| false.into()),
            Some(b'n') => self.expect("null", "expected a value").map(|_| Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected a value")),
        }
    }

    fn nested(
        &mut self,
        read: fn(&mut Self) -> Result<Value, JsonError>,
    ) -> Result<Value, JsonError> {
        if self.depth == MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        self.depth += 1;
        let value = read(self);
        self.depth -= 1;
        value
    }

    /// After `{`.
    fn object(&mut self) -> Result<Value, JsonError> {
        let mut map = Map::new();
        self.items(b'}', "expected `,` or `}`", |r| {
            if r.peek() != Some(b'"') {
                return Err(r.error("expected a key in quotes"));
            }
            let key = r.string()?;
            r.space();
            r.expect(":", "expected `:` after a key")?;
            r.space();
            map.insert(key, r.value()?);
            Ok(())
        })?;
        Ok(Value::Object(map))
    }

    /// After `[`.
    fn array(&mut self) -> Result<Value, JsonError> {
        let mut items = Vec::new();
        self.items(b']', "expected `,` or `]`", |r| {
            items.push(r.value()?);
            Ok(())
        })?;
        Ok(Value::Array(items))
    }

    /// The items of an object or array, each read by `item`, separated by
    /// commas, up to `close` (nothing between the brackets is none).
    fn items(
        &mut self,
        close: u8,
        expected: &'static str,
        mut item: impl FnMut(&mut Self) -> Result<(), JsonError>,
    ) -> Result<(), JsonError> {
        self.at += 1;
        self.space();
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(());
        }
        loop {
            self.space();
            item(self)?;
            self.space();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(c) if c == close => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return Err(self.error(expected)),
            }
        }
    }

    /// At `"`.
    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut out = String::new();
        loop {
            // The run up to the next quote, backslash or control character
            // (all ASCII, so the run ends on a character boundary).
            let run = self.text.as_bytes()[self.at..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .ok_or_else(|| {
                    self.at = self.text.len();
                    self.error("a string that does not end")
                })?;
            out.push_str(&self.text[self.at..self.at + run]);
            self.at += run;
            match self.peek() {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.at += 1;
                    out.push(self.escape()?);
                }
                _ => return Err(self.error("a control character in a string")),
            }
        }
    }

    /// After a backslash.
    fn escape(&mut self) -> Result<char, JsonError> {
        let c = match self.peek() {
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'/') => '/',
            Some(b'b') => '\u{8}',
            Some(b'f') => '\u{c}',
            Some(b'n') => '\n',
            Some(b'r') => '\r',
            Some(b't') => '\t',
            Some(b'u') => {
                self.at += 1;
                let first = self.hex4()?;
                return match first {
                    0xD800..=0xDBFF => {
                        self.expect("\\u", "a lone leading surrogate in a \\u escape")?;
                        let second = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&second) {
                            return Err(self.error("a lone leading surrogate in a \\u escape"));
                        }
                        let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
                        char::from_u32(code).ok_or_else(|| self.error("an invalid \\u escape"))
                    }
                    0xDC00..=0xDFFF => Err(self.error("a lone trailing surrogate in a \\u escape")),
                    _ => char::from_u32(first).ok_or_else(|| self.error("an invalid \\u escape")),
                };
            }
            _ => return Err(self.error("an invalid escape")),
        };
        self.at += 1;
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let digits = self
            .text
            .get(self.at..self.at + 4)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.error("an invalid \\u escape"))?;
        self.at += 4;
        u32::from_str_radix(digits, 16).map_err(|_| self.error("an invalid \\u escape"))
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let start = self.at;
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(b'1'..=b'9') => {
                while let Some(b'0'..=b'9') = self.peek() {
                    self.at += 1;
                }
            }
            _ => return Err(self.error("a number without digits")),
        }
        let digits = &self.text[start..self.at];
        if let Some(b'0'..=b'9') = self.peek() {
            return Err(self.error("a number with a leading zero"));
        }
        if let Some(b'.' | b'e' | b'E') = self.peek() {
            return Err(self.error(
                "a number with a fraction or an exponent (this app keeps whole numbers only)",
            ));
        }
        let magnitude: u64 = digits
            .parse()
            .map_err(|_| self.error("a number too large"))?;
        if !negative {
            return Ok(magnitude.into());
        }
        if magnitude == 0 {
            // serde_json reads -0 as the integer 0's negative twin, a float.
            return Err(self.error(
                "a number with a fraction or an exponent (this app keeps whole numbers only)",
            ));
        }
        0i64.checked_sub_unsigned(magnitude)
            .map(Value::from)
            .ok_or_else(|| self.error("a number too large"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read by this reader and by serde_json: the same value.
    fn same(text: &str) {
        let ours = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let theirs: Value = serde_json::from_str(text).unwrap();
        assert_eq!(ours, theirs, "{text:?}");
    }

    #[test]
    fn reads_what_serde_json_reads() {
        for text in [
            "0",
            "7",
            "-3",
            "18446744073709551615",
            "-9223372036854775808",
            "true",
            "false",
            "null",
            "\"\"",
            "\"plain\"",
            r#""quote \" backslash \\ slash \/ \b\f\n\r\t""#,
            r#""\u0041\u00e9\u4e2d\ud83c\udf31""#,
            "\"biji ì 中 🌱\"",
            "[]",
            "{}",
            " \t\r\n[ 1 , [ ] , { } , \"a\" ] \n",
            r#"{"v":1,"record":"umum.7.7:1:ab","cursor":3}"#,
            r#"{"a":{"b":{"c":[1,2,{"d":null}]}},"e":[true,false]}"#,
            r#"{"k":1,"k":2}"#,
            r#"[["play.title","Main"],["x","baris\nbaru"]]"#,
        ] {
            same(text);
        }
    }

    #[test]
    fn refuses_what_serde_json_refuses() {
        for text in [
            "",
            " ",
            "[1,]",
            "{\"a\":1,}",
            "[1 2]",
            "{\"a\" 1}",
            "{a:1}",
            "01",
            "-",
            "-a",
            "1.",
            "tru",
            "nul",
            "\"open",
            "\"tab\tinside\"",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\\ud800\\u0041\"",
            "\"\\udc00\"",
            "[1] 2",
            "18446744073709551616",
            "-9223372036854775809",
            "[",
            "{",
        ] {
            assert!(parse(text).is_err(), "{text:?} was read");
            assert!(
                serde_json::from_str::<Value>(text).is_err()
                    || text.starts_with("18446744073709551616")
                    || text.starts_with("-9223372036854775809"),
                "{text:?} is JSON to serde_json"
            );
        }
    }

    #[test]
    fn whole_numbers_only_and_says_so() {
        for text in ["1.5", "2e3", "-0", "[0.0]"] {
            let e = parse(text).unwrap_err();
            assert!(e.what.contains("whole numbers only"), "{text:?}: {e}");
        }
    }

    #[test]
    fn nesting_is_limited_like_serde_json() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        same(&deep(MAX_DEPTH));
        assert_eq!(
            parse(&deep(MAX_DEPTH + 1)).unwrap_err().what,
            "nested too deeply"
        );
        assert!(serde_json::from_str::<Value>(&deep(MAX_DEPTH + 1)).is_err());
        // No stack overflow on a hostile link.
        assert!(parse(&"[".repeat(100_000)).is_err());
    }

    #[test]
    fn errors_say_where() {
        let e = parse("{\n  \"a\": tru\n}").unwrap_err();
        assert_eq!((e.line, e.column), (2, 8));
        assert_eq!(e.to_string(), "expected a value at line 2 column 8");
        let e = parse("\"é").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
    }

    #[test]
    fn reads_back_what_serde_json_writes() {
        // Every character class a string can hold, and the app's own data:
        // every built-in pack's rules and the packs as the play page reads
        // them.
        let mut s = String::new();
        for c in (0u32..0x800).chain([0xFFFF, 0x1F331, 0x10FFFF]) {
            if let Some(c) = char::from_u32(c) {
                s.push(c);
            }
        }
        let value = serde_json::json!({ "s": s, "n": [u64::MAX, 0, 1], "i": i64::MIN });
        assert_eq!(parse(&value.to_string()).unwrap(), value);
        assert_eq!(
            parse(&serde_json::to_string_pretty(&value).unwrap()).unwrap(),
            value
        );
        let packs = crate::PackSet::builtin();
        for pack in packs.all() {
            let text = serde_json::to_string(&pack.rules).unwrap();
            assert_eq!(from_str::<crate::Rules>(&text).unwrap(), pack.rules);
            let whole = serde_json::to_string(pack).unwrap();
            assert_eq!(
                parse(&whole).unwrap(),
                serde_json::from_str::<Value>(&whole).unwrap()
            );
        }
    }

    #[test]
    fn it_writes_what_serde_json_writes() {
        for text in [
            r#"{"b":[1,-2,18446744073709551615,-9223372036854775808],"a":{"x":null,"y":true,"z":false}}"#,
            r#"["", "plain", "quote \" back \\ slash / solidus", "\n\r\t\b\f", "\u0000\u001f\u007f", "é ünïcödé 🌱"]"#,
            "[[],{},[[{}]]]",
        ] {
            let value = parse(text).unwrap();
            assert_eq!(
                write(&value),
                serde_json::to_string(&value).unwrap(),
                "{text}"
            );
            assert_eq!(parse(&write(&value)).unwrap(), value);
            assert_eq!(
                write_pretty(&value),
                serde_json::to_string_pretty(&value).unwrap(),
                "{text}"
            );
        }
        let pack = crate::PackSet::builtin().get("umum").unwrap().clone();
        assert_eq!(
            to_string(&pack).unwrap(),
            serde_json::to_value(&pack).unwrap().to_string()
        );
        for pack in crate::PackSet::builtin().all() {
            let value = serde_json::to_value(pack).unwrap();
            assert_eq!(write(&value), value.to_string(), "{}", pack.id);
        }
    }

    #[test]
    fn members_read_an_object_by_hand() {
        let v = parse(r#"{"n": 3, "s": "x", "b": true}"#).unwrap();
        let m = Members::of(&v, "a thing").unwrap();
        assert_eq!(
            (m.u64("n"), m.str("s"), m.bool("b")),
            (Ok(3), Ok("x"), Ok(true))
        );
        let wrong = m.u64("s").unwrap_err();
        assert_eq!(
            wrong,
            MemberError::WrongKind {
                key: "s".into(),
                expected: Expected::WholeNumber
            }
        );
        assert_eq!(wrong.to_string(), "`s`: expected a whole number");
        assert_eq!(
            m.str("gone").unwrap_err().to_string(),
            "missing field `gone`"
        );
        assert!(m.only(&["n", "s", "b"]).is_ok());
        assert_eq!(
            m.only(&["n", "s"]).unwrap_err().to_string(),
            "unknown field `b`, expected one of n, s"
        );
        assert_eq!(
            Members::of(&Value::from(1), "a thing")
                .unwrap_err()
                .to_string(),
            "a thing: expected an object"
        );
        assert_eq!(
            m.array("n").unwrap_err().to_string(),
            "`n`: expected an array"
        );
    }

    #[test]
    fn from_str_tells_a_syntax_error_from_a_wrong_shape() {
        let e = from_str::<crate::Rules>("{").unwrap_err();
        assert!(matches!(e, ReadError::Syntax(_)), "{e:?}");
        assert!(e.to_string().contains("at line 1"), "{e}");
        let e = from_str::<crate::Rules>(r#"{"holes": 40}"#).unwrap_err();
        assert!(matches!(e, ReadError::Shape(_)), "{e:?}");
        assert!(e.to_string().contains("holes"), "{e}");
    }
}
