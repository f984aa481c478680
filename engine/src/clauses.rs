//! The clause registry: every clause of [`Clauses`] once, with its default,
//! its values and how to read and set it by name.
//!
//! From this one list come [`Rules::CLAUSES`] (the names, in the order of
//! the struct and its JSON), `impl Default for Clauses`, [`Rules::readings`],
//! [`Clauses::value`], [`Rules::with_values`] (set by name without a JSON
//! round trip), [`Clauses::differences`], the "values" column of the clause
//! table in the engine README (a test checks it) and the text keys a UI
//! names a clause and its readings with ([`Clause::name_key`],
//! [`Clause::reading_key`]).

use crate::reading::Reading;
use crate::rules::{
    CaptureLap, CaptureSide, Clauses, EndWhen, GameEnd, Leftover, NextStarter, NoMove, Opening,
    OpeningHole, Player, RefillFrom, Relay, Rounds, Rules, RulesError, SimultaneousNext,
    SimultaneousRounds, Unfilled, Win,
};
use serde_json::Value;
use std::fmt;

/// Which numbers a clause editor offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// Every number from the first to the second.
    Range(u32, u32),
    /// These numbers.
    List(&'static [u32]),
}

/// What values a clause takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClauseValues {
    /// A whole number from `min` to `max` ([`Clauses::validate`] checks the
    /// range); an editor offers `offered`.
    Number {
        /// The least value.
        min: u32,
        /// The greatest value.
        max: u32,
        /// The values an editor offers.
        offered: Offered,
    },
    /// Yes or no.
    Flag,
    /// One of these readings, by their JSON names, in documentation order.
    Choice(&'static [&'static str]),
}

/// One clause of [`Clauses`]: its JSON name, its values, and how to read and
/// set it.
#[derive(Clone, Copy)]
pub struct Clause {
    /// The JSON name (the field of [`Clauses`]).
    pub name: &'static str,
    /// What values it takes.
    pub values: ClauseValues,
    get: fn(&Clauses) -> Value,
    /// Sets the clause; `None` for a value of the wrong kind.
    set: fn(&mut Clauses, &Value) -> Option<()>,
}

impl std::fmt::Debug for Clause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clause")
            .field("name", &self.name)
            .field("values", &self.values)
            .finish()
    }
}

impl Clause {
    /// The clause's value in `rules`, as JSON.
    pub fn get(&self, rules: &Clauses) -> Value {
        (self.get)(rules)
    }

    /// Sets the clause in `rules` from a JSON value of the right kind (a
    /// number the field can hold, a boolean, a reading's name). Ranges and
    /// combinations are for [`Clauses::validate`].
    pub fn set(&self, rules: &mut Clauses, value: &Value) -> Result<(), ClauseError> {
        (self.set)(rules, value).ok_or_else(|| ClauseError::BadValue {
            clause: self.name,
            values: self.values,
            value: value.clone(),
        })
    }

    /// The default reading, as JSON.
    pub fn default_value(&self) -> Value {
        self.get(&Clauses::default())
    }

    /// Every reading an editor offers, as JSON values.
    pub fn readings(&self) -> Vec<Value> {
        match self.values {
            ClauseValues::Number {
                offered: Offered::Range(lo, hi),
                ..
            } => (lo..=hi).map(Value::from).collect(),
            ClauseValues::Number {
                offered: Offered::List(list),
                ..
            } => list.iter().map(|&n| Value::from(n)).collect(),
            ClauseValues::Flag => vec![true.into(), false.into()],
            ClauseValues::Choice(names) => names.iter().map(|&n| Value::from(n)).collect(),
        }
    }

    /// The values as the engine README's clause table writes them: numbers
    /// as `default; min..max`, flags and readings in backticks, the default
    /// first.
    pub fn values_text(&self) -> String {
        let default = self.default_value();
        match self.values {
            ClauseValues::Number { min, max, .. } => format!("{default}; {min}..{max}"),
            ClauseValues::Flag | ClauseValues::Choice(_) => {
                let mut all = self.readings();
                all.retain(|v| *v != default);
                all.insert(0, default);
                all.iter()
                    .map(|v| format!("`{}`", text(v)))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        }
    }

    /// The UI text key naming the clause: `clause.<name>`.
    pub fn name_key(&self) -> String {
        format!("clause.{}", self.name)
    }

    /// The UI text key putting a reading in words, `reading.<name>.<value>`
    /// (`None` for a value that is not one of the clause's). Every flag and
    /// choice reading has words; a number reads as itself unless a UI has
    /// words for it (`reading.max_rounds.0`, "no cap").
    pub fn reading_key(&self, value: &Value) -> Option<String> {
        let fits = match self.values {
            ClauseValues::Number { .. } => value.is_u64(),
            ClauseValues::Flag | ClauseValues::Choice(_) => self.readings().contains(value),
        };
        fits.then(|| format!("reading.{}.{}", self.name, text(value)))
    }

    /// Every text key a UI must have for this clause: its name, then each
    /// flag or choice reading's words.
    pub fn text_keys(&self) -> Vec<String> {
        let words = match self.values {
            ClauseValues::Number { .. } => Vec::new(),
            ClauseValues::Flag | ClauseValues::Choice(_) => self.readings(),
        };
        std::iter::once(self.name_key())
            .chain(words.iter().filter_map(|v| self.reading_key(v)))
            .collect()
    }
}

/// A JSON scalar as plain text (`never`, `true`, `7`).
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => crate::json::write(other),
    }
}

fn number<T: TryFrom<u64>>(v: &Value) -> Option<T> {
    v.as_u64().and_then(|n| T::try_from(n).ok())
}

fn flag(v: &Value) -> Option<bool> {
    v.as_bool()
}

fn reading<T: Reading>(v: &Value) -> Option<T> {
    v.as_str()
        .and_then(|s| T::ALL.iter().copied().find(|r| r.as_str() == s))
}

/// Why clauses could not be read or set by name, or why the clauses read
/// make no ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClauseError {
    /// A ruleset's JSON is not an object of clauses.
    NotAnObject {
        /// The JSON given instead.
        value: Value,
    },
    /// No clause has this name.
    Unknown {
        /// The name given.
        name: String,
    },
    /// A value of the wrong kind for its clause (a number the field cannot
    /// hold, not a boolean, not one of the readings).
    BadValue {
        /// The clause, by its JSON name.
        clause: &'static str,
        /// The values the clause takes.
        values: ClauseValues,
        /// The value given.
        value: Value,
    },
    /// Every clause reads, but together they make no sense.
    Invalid(RulesError),
}

impl fmt::Display for ClauseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClauseError::NotAnObject { value } => write!(
                f,
                "a ruleset is an object of clauses, not {}",
                crate::json::write(value)
            ),
            ClauseError::Unknown { name } => write!(
                f,
                "unknown clause `{name}`; clauses are: {}",
                Rules::CLAUSES.join(", ")
            ),
            ClauseError::BadValue {
                clause,
                values,
                value,
            } => {
                let value = crate::json::write(value);
                match values {
                    ClauseValues::Number { .. } => write!(
                        f,
                        "{clause}: {value} is not a whole number this clause can hold"
                    ),
                    ClauseValues::Flag => write!(f, "{clause}: {value} is not true or false"),
                    ClauseValues::Choice(names) => {
                        write!(f, "{clause}: {value} is not one of {}", names.join(", "))
                    }
                }
            }
            ClauseError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ClauseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ClauseError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl From<RulesError> for ClauseError {
    fn from(e: RulesError) -> ClauseError {
        ClauseError::Invalid(e)
    }
}

/// Why [`Rules::with_clauses`] refused clauses given as text: the pairs
/// given, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetClausesError {
    /// The `(clause, value)` pairs, as given.
    pub pairs: Vec<(String, String)>,
    /// What is wrong with them.
    pub error: ClauseError,
}

impl fmt::Display for SetClausesError {
    /// `holes=40: holes: must be 3 to 11, not 40`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.pairs.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}={value}")?;
        }
        write!(f, ": {}", self.error)
    }
}

impl std::error::Error for SetClausesError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

macro_rules! registry {
    ($($name:ident: $default:expr => $kind:ident $(($($arg:tt)*))?),+ $(,)?) => {
        impl Rules {
            /// Every clause name, in the order of the struct (the JSON keys).
            pub const CLAUSES: &'static [&'static str] = &[$(stringify!($name)),+];

            /// Every clause, in the order of the struct.
            pub const REGISTRY: &'static [Clause] = &[$(registry!(@clause $name $kind $(($($arg)*))?)),+];
        }

        impl Default for Clauses {
            /// The `umum` reading of 004: 7 holes of 7, relay anywhere, extra
            /// turn, capture on one's own side with the lone seed banked, no
            /// lap, play stops when the player to move has no seeds,
            /// leftovers to their owner, alternating opening with A first,
            /// one round, most seeds wins.
            fn default() -> Self {
                Clauses { $($name: $default),+ }
            }
        }
    };
    (@clause $name:ident number($min:expr, $max:expr, $offered:expr)) => {
        Clause {
            name: stringify!($name),
            values: ClauseValues::Number { min: $min, max: $max, offered: $offered },
            get: |r| Value::from(r.$name),
            set: |r, v| {
                r.$name = number(v)?;
                Some(())
            },
        }
    };
    (@clause $name:ident flag) => {
        Clause {
            name: stringify!($name),
            values: ClauseValues::Flag,
            get: |r| Value::from(r.$name),
            set: |r, v| {
                r.$name = flag(v)?;
                Some(())
            },
        }
    };
    (@clause $name:ident choice($t:ty)) => {
        Clause {
            name: stringify!($name),
            values: ClauseValues::Choice(<$t as Reading>::NAMES),
            get: |r| Value::from(Reading::as_str(r.$name)),
            set: |r, v| {
                r.$name = reading::<$t>(v)?;
                Some(())
            },
        }
    };
}

registry! {
    holes: 7 => number(3, 11, Offered::Range(3, 11)),
    seeds_per_hole: 7 => number(1, 20, Offered::Range(1, 20)),
    relay: Relay::Anywhere => choice(Relay),
    extra_turn: true => flag,
    capture_side: CaptureSide::Own => choice(CaptureSide),
    capture_requires_opposite: false => flag,
    capture_banks_sower: true => flag,
    capture_lap: CaptureLap::None => choice(CaptureLap),
    no_move: NoMove::EndRound => choice(NoMove),
    end_when: EndWhen::NoMove => choice(EndWhen),
    end_empty_holes: 3 => number(1, 11, Offered::Range(1, 11)),
    leftover: Leftover::Owner => choice(Leftover),
    opening: Opening::Alternate => choice(Opening),
    first_player: Player::A => choice(Player),
    simultaneous_next: SimultaneousNext::FirstToFinish => choice(SimultaneousNext),
    opening_hole: OpeningHole::Free => choice(OpeningHole),
    simultaneous_rounds: SimultaneousRounds::First => choice(SimultaneousRounds),
    rounds: Rounds::Single => choice(Rounds),
    refill_from: RefillFrom::StoreSide => choice(RefillFrom),
    unfilled: Unfilled::BurntSkipped => choice(Unfilled),
    next_round_starter: NextStarter::Winner => choice(NextStarter),
    game_end: GameEnd::CannotFillOne => choice(GameEnd),
    max_rounds: 0 => number(0, 255, Offered::Range(0, 20)),
    win: Win::MostSeeds => choice(Win),
    relay_limit: 1000 => number(1, 100_000, Offered::List(&[10, 100, 1000, 10000])),
    move_limit: 2000 => number(10, 100_000, Offered::List(&[100, 500, 2000, 10000])),
    round_limit: 100 => number(1, 1000, Offered::List(&[10, 30, 100, 1000])),
}

impl Rules {
    /// Every reading a clause can take, as JSON values (enums: each value;
    /// flags: true and false; numbers: their range, up to a sensible bound).
    /// `None` for an unknown clause. For clause editors.
    pub fn readings(clause: &str) -> Option<Vec<serde_json::Value>> {
        Rules::clause(clause).map(Clause::readings)
    }

    /// The clause of this name, if there is one.
    pub fn clause(name: &str) -> Option<&'static Clause> {
        Rules::REGISTRY.iter().find(|c| c.name == name)
    }
}

impl Clauses {
    /// Every clause as a JSON object, through the registry: the same value
    /// serde writes, without serde's code for the struct (which the play
    /// page's bundle would otherwise hold).
    pub fn to_value(&self) -> Value {
        crate::json::object(
            Rules::REGISTRY
                .iter()
                .map(|c| (c.name.to_string(), c.get(self)))
                .collect(),
        )
    }

    /// Reads a full or partial ruleset from a JSON object, through the
    /// registry, as serde reads it: a missing clause takes its default, an
    /// unknown one is refused by name, a value of the wrong kind is refused
    /// naming its clause. Ranges and combinations are for [`Rules::new`].
    pub fn from_value(value: &Value) -> Result<Clauses, ClauseError> {
        let members = value.as_object().ok_or_else(|| ClauseError::NotAnObject {
            value: value.clone(),
        })?;
        let mut clauses = Clauses::default();
        for (name, v) in members {
            clauses.set_by_name(name, v)?;
        }
        Ok(clauses)
    }

    /// Sets the clause called `name`; an unknown name is an error naming
    /// every clause.
    pub(crate) fn set_by_name(&mut self, name: &str, value: &Value) -> Result<(), ClauseError> {
        let clause = Rules::clause(name).ok_or_else(|| ClauseError::Unknown {
            name: name.to_string(),
        })?;
        clause.set(self, value)
    }
}

/// Rules set by clause name, from text or JSON.
impl Rules {
    /// Parses a full or partial ruleset from JSON (missing keys take the
    /// default), rejecting unknown keys, then validates it.
    pub fn from_json(value: &serde_json::Value) -> Result<Rules, ClauseError> {
        Ok(Rules::new(Clauses::from_value(value)?)?)
    }

    /// Sets one clause by name from text (`relay=never`, `holes=9`,
    /// `extra_turn=false`), then validates.
    pub fn with_clause(&self, name: &str, value: &str) -> Result<Rules, SetClausesError> {
        self.with_clauses(&[(name, value)])
    }

    /// Sets several clauses by name from text, then validates the whole.
    pub fn with_clauses(&self, pairs: &[(&str, &str)]) -> Result<Rules, SetClausesError> {
        let values: Vec<(&str, serde_json::Value)> = pairs
            .iter()
            .map(|&(name, value)| {
                let v = crate::json::parse(value)
                    .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
                (name, v)
            })
            .collect();
        self.with_values(&values).map_err(|error| SetClausesError {
            pairs: pairs
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            error,
        })
    }

    /// Sets several clauses by name to JSON values, then validates the whole;
    /// an unknown clause is an error naming it.
    pub fn with_values(&self, pairs: &[(&str, serde_json::Value)]) -> Result<Rules, ClauseError> {
        let mut rules = self.clauses().clone();
        for (name, value) in pairs {
            rules.set_by_name(name, value)?;
        }
        Ok(Rules::new(rules)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_covers_the_struct_in_order() {
        // The JSON keys of a ruleset, in the order serde writes them (the
        // struct's order), are the registry's names.
        let json = serde_json::to_string(&Clauses::default()).unwrap();
        let mut at = 0;
        for c in Rules::REGISTRY {
            let key = format!("\"{}\":", c.name);
            let found = json[at..]
                .find(&key)
                .unwrap_or_else(|| panic!("{}", c.name));
            at += found + key.len();
            // get agrees with serde, and set(get) is the identity.
            let via_serde = serde_json::to_value(Clauses::default()).unwrap()[c.name].clone();
            assert_eq!(c.get(&Clauses::default()), via_serde, "{}", c.name);
            let mut r = Clauses::default();
            c.set(&mut r, &via_serde).unwrap();
            assert_eq!(r, Clauses::default(), "{}", c.name);
        }
        let keys = serde_json::to_value(Clauses::default()).unwrap();
        assert_eq!(keys.as_object().unwrap().len(), Rules::REGISTRY.len());
        assert_eq!(Rules::CLAUSES.len(), Rules::REGISTRY.len());
    }

    #[test]
    fn the_registry_reads_and_writes_what_serde_does() {
        for pack in crate::PackSet::builtin().all() {
            let c = pack.rules.clauses();
            assert_eq!(
                c.to_value(),
                serde_json::to_value(c).unwrap(),
                "{}",
                pack.id
            );
            assert_eq!(
                &Clauses::from_value(&c.to_value()).unwrap(),
                c,
                "{}",
                pack.id
            );
        }
        // Partial: the rest take their defaults, as with serde.
        let partial = serde_json::json!({ "holes": 9, "relay": "never" });
        let ours = Clauses::from_value(&partial).unwrap();
        assert_eq!(ours, serde_json::from_value::<Clauses>(partial).unwrap());
        assert_eq!((ours.holes, ours.relay), (9, crate::rules::Relay::Never));
        // Refused by both, each naming what is wrong.
        for (bad, says) in [
            (
                serde_json::json!({ "sideways": 1 }),
                "unknown clause `sideways`",
            ),
            (serde_json::json!({ "holes": "seven" }), "holes: "),
            (serde_json::json!({ "extra_turn": 1 }), "extra_turn: "),
        ] {
            assert!(
                serde_json::from_value::<Clauses>(bad.clone()).is_err(),
                "{bad}"
            );
            let e = Clauses::from_value(&bad).unwrap_err().to_string();
            assert!(e.starts_with(says), "{bad}: {e}");
        }
        // serde would also take the clauses as an array in the struct's
        // order; a ruleset is only ever written as an object.
        let e = Clauses::from_value(&serde_json::json!([7])).unwrap_err();
        assert_eq!(
            e,
            ClauseError::NotAnObject {
                value: serde_json::json!([7])
            }
        );
        assert!(e.to_string().starts_with("a ruleset is an object"), "{e}");
    }

    #[test]
    fn every_reading_sets_and_reads_back() {
        for c in Rules::REGISTRY {
            for v in c.readings() {
                let mut r = Clauses::default();
                c.set(&mut r, &v).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(c.get(&r), v, "{}", c.name);
                // The same value through serde.
                let mut json = serde_json::to_value(Clauses::default()).unwrap();
                json[c.name] = v.clone();
                let via_serde: Clauses = serde_json::from_value(json).unwrap();
                assert_eq!(via_serde, r, "{} = {v}", c.name);
            }
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_refused_with_the_clause_named() {
        let mut r = Clauses::default();
        let holes = Rules::clause("holes").unwrap();
        let e = holes.set(&mut r, &Value::from(300)).unwrap_err();
        assert_eq!(
            e,
            ClauseError::BadValue {
                clause: "holes",
                values: holes.values,
                value: Value::from(300)
            }
        );
        assert_eq!(
            e.to_string(),
            "holes: 300 is not a whole number this clause can hold"
        );
        let relay = Rules::clause("relay").unwrap();
        assert_eq!(
            relay
                .set(&mut r, &Value::from("sometimes"))
                .unwrap_err()
                .to_string(),
            "relay: \"sometimes\" is not one of anywhere, opponent-side, never"
        );
        assert_eq!(
            Rules::clause("extra_turn")
                .unwrap()
                .set(&mut r, &Value::from("yes"))
                .unwrap_err()
                .to_string(),
            "extra_turn: \"yes\" is not true or false"
        );
        assert_eq!(r, Clauses::default(), "nothing set on a refusal");
    }

    #[test]
    fn number_ranges_are_the_ones_validate_checks() {
        for c in Rules::REGISTRY {
            let ClauseValues::Number { min, max, .. } = c.values else {
                continue;
            };
            // end_empty_holes and max_rounds are checked against other clauses.
            if matches!(c.name, "end_empty_holes" | "max_rounds") {
                continue;
            }
            let valid = |n: u32| {
                let mut r = Clauses::default();
                c.set(&mut r, &Value::from(n)).is_ok() && Rules::new(r).is_ok()
            };
            assert!(valid(min) && valid(max), "{}", c.name);
            assert!(!valid(min - 1) && !valid(max + 1), "{}", c.name);
        }
    }

    #[test]
    fn the_readme_clause_table_matches_the_registry() {
        let readme = include_str!("../README.md");
        let start = readme
            .find("| clause | values (default first) |")
            .expect("the clause table");
        let rows: Vec<(String, String)> = readme[start..]
            .lines()
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .filter_map(|l| {
                let cols: Vec<&str> = l.split('|').map(str::trim).collect();
                // `name` (gloss): the name in backticks; rows without one
                // (engine limits that are not clauses) are skipped.
                let name = cols[1].strip_prefix('`')?.split('`').next()?;
                Some((name.to_string(), cols[2].to_string()))
            })
            .collect();
        let want: Vec<(String, String)> = Rules::REGISTRY
            .iter()
            .map(|c| (c.name.to_string(), c.values_text()))
            .collect();
        assert_eq!(rows, want);
    }

    #[test]
    fn text_keys_name_the_clause_and_each_reading() {
        let relay = Rules::clause("relay").unwrap();
        assert_eq!(
            relay.text_keys(),
            [
                "clause.relay",
                "reading.relay.anywhere",
                "reading.relay.opponent-side",
                "reading.relay.never"
            ]
        );
        let holes = Rules::clause("holes").unwrap();
        assert_eq!(holes.text_keys(), ["clause.holes"]);
        assert_eq!(
            holes.reading_key(&Value::from(7)).as_deref(),
            Some("reading.holes.7")
        );
        assert_eq!(holes.reading_key(&Value::from("seven")), None);
        assert_eq!(
            Rules::clause("extra_turn")
                .unwrap()
                .reading_key(&Value::from(false))
                .as_deref(),
            Some("reading.extra_turn.false")
        );
    }

    #[test]
    fn clauses_set_by_text_name_the_pairs_in_the_error() {
        let r = Rules::default();
        let e = r
            .with_clauses(&[("holes", "40"), ("relay", "never")])
            .unwrap_err();
        assert_eq!(
            e.pairs,
            [
                ("holes".to_string(), "40".to_string()),
                ("relay".to_string(), "never".to_string())
            ]
        );
        assert!(matches!(e.error, ClauseError::Invalid(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            "holes=40, relay=never: holes: must be 3 to 11, not 40"
        );
        let e = r.with_clause("colour", "red").unwrap_err();
        assert_eq!(
            e.error,
            ClauseError::Unknown {
                name: "colour".into()
            }
        );
        assert!(
            e.to_string()
                .starts_with("colour=red: unknown clause `colour`; clauses are: holes, "),
            "{e}"
        );
    }
}
