//! Pack texts and the tables worked out from the packs' rules: the bilingual
//! texts of a pack, clause names and values, a divergence's status line, and
//! the two clause tables (`/packs` and `/about`). Nothing here is typed by
//! hand: every row and cell comes from [`congklak::Clauses::differences`] and the rules.

use crate::texts::i18n::k;
use crate::texts::i18n::{tr, tr_named, trf, Lang};
use congklak::{DivergenceStatus, Pack, Rules};
use leptos::prelude::*;
use leptos_router::components::A;

/// The pack whose rules the tables compare against.
pub const STANDARD: &str = "standard-mancala";

/// A pack text (both languages in the pack) in the current language.
pub fn pt(
    lang: RwSignal<Lang>,
    text: &'static congklak::Text,
) -> impl Fn() -> String + Clone + Send + Sync + 'static {
    move || text.get(lang.get().code()).to_owned()
}

/// A translated text under a key made at run time (`clause.relay`, `kind.media`).
pub fn tk(lang: RwSignal<Lang>, key: String) -> impl Fn() -> &'static str + Clone + Send + Sync {
    move || tr_named(lang.get(), &key)
}

/// A JSON value as plain text (`"never"` as `never`, `true`, `9`).
pub fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => congklak::json::write(other),
    }
}

/// The text key naming a clause (`clause.relay`), from the engine's clause
/// registry.
pub fn clause_key(clause: &str) -> String {
    Rules::clause(clause).map_or_else(|| format!("clause.{clause}"), |c| c.name_key())
}

/// A clause's name in words ("Relay (sambung)").
pub fn clause_name(lang: Lang, clause: &str) -> &'static str {
    tr_named(lang, &clause_key(clause))
}

/// A clause's value in a ruleset, as JSON.
pub fn rule_json(rules: &Rules, clause: &str) -> serde_json::Value {
    rules.value(clause).unwrap_or_default()
}

/// A serde enum's name (`government`, `high`), for text keys.
pub fn serde_name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .as_ref()
        .map(json_text)
        .unwrap_or_default()
}

/// A clause's reading in words ("a filled hole on either side is picked up
/// and sown on"); numbers as themselves.
pub fn reading_words(lang: Lang, clause: &str, value: &serde_json::Value) -> String {
    match Rules::clause(clause).and_then(|c| c.reading_key(value)) {
        Some(key) if crate::texts::i18n::has(&key) => tr_named(lang, &key).to_string(),
        _ => json_text(value),
    }
}

/// A clause and its reading in words: "Relay (sambung): never".
pub fn clause_words(lang: Lang, clause: &str, value: &serde_json::Value) -> String {
    format!(
        "{}: {}",
        clause_name(lang, clause),
        reading_words(lang, clause, value)
    )
}

/// Where `rules` differ from the common reading (the `umum` pack), clause
/// by clause in words.
pub fn differences_in_words(lang: Lang, rules: &Rules) -> Vec<String> {
    let Some(common) = crate::game::state::packs().get("umum") else {
        return Vec::new();
    };
    rules
        .differences(&common.rules)
        .into_iter()
        .map(|c| clause_words(lang, c, &rule_json(rules, c)))
        .collect()
}

/// A source's public name (its title) by its key in the packs; a choice no
/// source settles, in words.
pub fn source_name(lang: Lang, key: &str) -> String {
    if key == "choice" {
        return tr(lang, k::SOURCE_CHOICE).to_string();
    }
    crate::game::state::packs()
        .all()
        .iter()
        .flat_map(|p| &p.sources)
        .find(|s| s.key == key)
        .map(|s| s.title.get(lang.code()).to_string())
        .unwrap_or_else(|| tr(lang, k::SOURCE_UNKNOWN).to_string())
}

/// Several sources' public names, joined.
pub fn source_names(lang: Lang, keys: &[String]) -> String {
    keys.iter()
        .map(|k| source_name(lang, k))
        .collect::<Vec<_>>()
        .join("; ")
}

/// A divergence's status in words: the other reading's clause settings, or
/// why it is only recorded.
pub fn played_text(lang: Lang, status: &DivergenceStatus) -> String {
    match status {
        DivergenceStatus::Played {
            clause,
            value,
            also,
        } => {
            let mut s = clause_words(lang, clause, value);
            if !also.is_empty() {
                let rest: Vec<String> =
                    also.iter().map(|(k, v)| clause_words(lang, k, v)).collect();
                s.push_str(&format!(
                    " ({})",
                    trf(lang, k::DIV_ALSO, &[&rest.join("; ")])
                ));
            }
            trf(lang, k::DIV_PLAYED, &[&s])
        }
        DivergenceStatus::Recorded { reason } => {
            trf(lang, k::DIV_RECORDED, &[&reason.get(lang.code())])
        }
    }
}

/// The standard pack, if loaded.
fn standard(all: &'static [Pack]) -> Option<&'static Pack> {
    all.iter().find(|p| p.id == STANDARD)
}

/// Clause chips: each clause's name in the language, its JSON key beside it.
fn clause_chips(lang: RwSignal<Lang>, clauses: Vec<&'static str>) -> AnyView {
    if clauses.is_empty() {
        return view! { <span class="none">{move || tr(lang.get(), k::PACKS_DIFF_NONE)}</span> }
            .into_any();
    }
    view! {
        <ul class="chips">
            {clauses
                .into_iter()
                .map(|c| {
                    view! {
                        <li data-clause=c>{tk(lang, clause_key(c))}</li>
                    }
                })
                .collect_view()}
        </ul>
    }
    .into_any()
}

/// `/packs`: for each pack, the clauses it sets differently from the
/// defaults and from Standard Mancala.
#[component]
pub fn DiffTable(
    /// The packs.
    packs: &'static [Pack],
) -> impl IntoView {
    let lang = crate::texts::i18n::use_lang();
    let defaults = Rules::default();
    let std_rules = standard(packs).map(|p| p.rules.clone());
    view! {
        <div class="table-scroll">
            <table class="diff-table" data-testid="diff-table">
                <thead>
                    <tr>
                        <th scope="col">{move || tr(lang.get(), k::PACKS_DIFF_PACK)}</th>
                        <th scope="col">{move || tr(lang.get(), k::PACKS_DIFF_DEFAULTS)}</th>
                        <th scope="col">{move || tr(lang.get(), k::PACKS_DIFF_STANDARD)}</th>
                    </tr>
                </thead>
                <tbody>
                    {packs
                        .iter()
                        .map(|p| {
                            let from_defaults = p.rules.differences(&defaults);
                            let from_standard = std_rules
                                .as_ref()
                                .map(|s| p.rules.differences(s))
                                .unwrap_or_default();
                            view! {
                                <tr data-pack=p.id.clone()>
                                    <th scope="row">
                                        <A href=lang.get_untracked().path(&format!("/packs/{}", p.id))>{pt(lang, &p.name)}</A>
                                    </th>
                                    <td class="from-defaults" data-label=move || tr(lang.get(), k::PACKS_DIFF_DEFAULTS)>
                                        {clause_chips(lang, from_defaults)}
                                    </td>
                                    <td class="from-standard" data-label=move || tr(lang.get(), k::PACKS_DIFF_STANDARD)>
                                        {clause_chips(lang, from_standard)}
                                    </td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// The clauses in which any pack differs from Standard Mancala, in clause order.
pub fn clauses_differing_from_standard(packs: &[Pack]) -> Vec<&'static str> {
    let Some(std) = packs.iter().find(|p| p.id == STANDARD) else {
        return Vec::new();
    };
    Rules::CLAUSES
        .iter()
        .copied()
        .filter(|c| {
            packs
                .iter()
                .any(|p| p.rules.differences(&std.rules).contains(c))
        })
        .collect()
}

/// `/about`: Standard Mancala against every pack. Rows: the clauses where
/// some pack differs from Standard Mancala; columns: the packs, Standard
/// Mancala first; a cell is that pack's value, marked when it differs.
#[component]
pub fn ClauseMatrix(
    /// The packs.
    packs: &'static [Pack],
) -> impl IntoView {
    let lang = crate::texts::i18n::use_lang();
    let std = standard(packs);
    let mut columns: Vec<&'static Pack> = std.into_iter().collect();
    columns.extend(packs.iter().filter(|p| p.id != STANDARD));
    let rows = clauses_differing_from_standard(packs);
    let head = columns.clone();
    view! {
        <div class="table-scroll">
            <table class="clause-matrix" data-testid="about-table">
                <thead>
                    <tr>
                        <th scope="col">{move || tr(lang.get(), k::ABOUT_TABLE_CLAUSE)}</th>
                        {head
                            .into_iter()
                            .map(|p| {
                                view! {
                                    <th scope="col" data-pack=p.id.clone()>
                                        <A href=lang.get_untracked().path(&format!("/packs/{}", p.id))>{pt(lang, &p.name)}</A>
                                    </th>
                                }
                            })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {rows
                        .into_iter()
                        .map(|c| {
                            let base = std.map(|s| rule_json(&s.rules, c));
                            view! {
                                <tr data-clause=c>
                                    <th scope="row">
                                        {tk(lang, clause_key(c))}
                                    </th>
                                    {columns
                                        .iter()
                                        .map(|p| {
                                            let v = rule_json(&p.rules, c);
                                            let differs = base.as_ref() != Some(&v);
                                            view! {
                                                <td data-pack=p.id.clone() class:differs=differs>
                                                    {move || reading_words(lang.get(), c, &v)}
                                                </td>
                                            }
                                        })
                                        .collect_view()}
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
    }
}
