//! The style sheets are well formed: every brace opened is closed, and no
//! rule sits inside another style rule. The build's minifier accepts CSS
//! nesting, so a rule left open swallows every rule after it into a
//! selector that matches nothing, and the page still builds and loads.
#![cfg(not(target_arch = "wasm32"))]

use std::path::Path;

/// What a block is: the body of a style rule (declarations only), or of an
/// at-rule that holds rules (`@media`, `@supports`, `@keyframes`, ...).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Block {
    Style,
    Rules,
    /// The body of `@keyframes`: its frames are style rules.
    Frames,
}

/// The problems in one style sheet's text, each with its line.
fn problems(css: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<(Block, usize)> = Vec::new();
    let mut prelude = String::new();
    let mut line = 1;
    let mut chars = css.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                prelude.push(' ');
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            '"' | '\'' => {
                for s in chars.by_ref() {
                    if s == c {
                        break;
                    }
                }
            }
            '{' => {
                let head = prelude.trim().to_string();
                let inside = stack.last().map(|b| b.0);
                let kind = if head.starts_with("@keyframes") {
                    Block::Frames
                } else if head.starts_with('@') {
                    Block::Rules
                } else {
                    Block::Style
                };
                if inside == Some(Block::Style) {
                    out.push(format!(
                        "line {line}: `{head}` opens inside the rule opened on line {}",
                        stack.last().unwrap().1
                    ));
                }
                stack.push((kind, line));
                prelude.clear();
            }
            '}' => {
                if stack.pop().is_none() {
                    out.push(format!("line {line}: a `}}` closes nothing"));
                }
                prelude.clear();
            }
            ';' => prelude.clear(),
            c => prelude.push(c),
        }
    }
    for (_, opened) in stack {
        out.push(format!("the block opened on line {opened} is never closed"));
    }
    out
}

#[test]
fn every_style_sheet_closes_what_it_opens_and_nests_no_rule() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("style");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "css") {
            let css = std::fs::read_to_string(&path).unwrap();
            let found = problems(&css);
            assert!(
                found.is_empty(),
                "{}:\n{}",
                path.display(),
                found.join("\n")
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 2,
        "the style sheets were not found in {}",
        dir.display()
    );
}

#[test]
fn a_rule_left_open_or_a_stray_brace_is_found() {
    assert!(problems("a { color: red; }\n@media (x) { b { c: d } }").is_empty());
    assert!(problems("@keyframes k { from { a: b } to { a: c } }").is_empty());
    let open = problems("a {\n  color: red;\n/* next */\nb { c: d }\n");
    assert_eq!(open.len(), 2, "{open:?}");
    assert!(open[0].starts_with("line 4: `b` opens inside the rule opened on line 1"));
    assert!(problems("a { b: c } }")[0].contains("closes nothing"));
    assert!(problems("a { content: \"{\"; }").is_empty());
}
