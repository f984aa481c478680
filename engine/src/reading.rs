//! A clause's readings by name: the [`Reading`] trait of every enum clause
//! (and of the players), and their serde by JSON spelling, shared by the
//! rules ([`crate::rules`]) and the clause registry ([`crate::clauses`]).

/// A clause value with names: each reading of an enum clause (and the first
/// player, `A` or `B`).
pub trait Reading: Copy + Sized + 'static {
    /// Every reading, in documentation order.
    const ALL: &'static [Self];
    /// Their JSON spellings, in the same order.
    const NAMES: &'static [&'static str];
    /// This reading's JSON spelling.
    fn as_str(self) -> &'static str;
}

/// Writes a reading by its JSON spelling. With [`deserialize_reading`],
/// the serde of every reading: one shared routine, where serde's derive
/// would repeat its code for each of the twenty enums (a sizeable part of
/// the browser's bundle).
pub(crate) fn serialize_reading<R: Reading, S: serde::Serializer>(
    reading: &R,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(reading.as_str())
}

/// Reads a reading from its JSON spelling; any other text is refused with
/// serde's "unknown variant" error naming the spellings allowed.
pub(crate) fn deserialize_reading<'de, R: Reading, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<R, D::Error> {
    spelling_index(d, R::NAMES).map(|i| R::ALL[i])
}

/// The index in `names` of the spelling read from `d` (generic over the
/// deserializer only, so shared by every reading).
fn spelling_index<'de, D: serde::Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    struct Spelling(&'static [&'static str]);
    impl serde::de::Visitor<'_> for Spelling {
        type Value = usize;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("the name of a reading")
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<usize, E> {
            self.0
                .iter()
                .position(|n| *n == v)
                .ok_or_else(|| E::unknown_variant(v, self.0))
        }
    }
    d.deserialize_str(Spelling(names))
}

/// Serde by JSON spelling ([`serialize_reading`], [`deserialize_reading`])
/// for a type that is a [`Reading`].
macro_rules! reading_serde {
    ($name:ty) => {
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::reading::serialize_reading(self, s)
            }
        }
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::reading::deserialize_reading(d)
            }
        }
    };
}
pub(crate) use reading_serde;
