//! Named, typed, range-checked parameters: a [`Tunable`] is one field of a parameter struct
//! that can be listed and set by name (GTP `tengen-param`, `--param KEY=VALUE`), and
//! `tunables!` writes a struct, its defaults and its table of tunables from one list. The
//! search's tables are in `search::params`; the time manager's is in `time`.

use crate::player::{Param, ParamError, ParamValue};
use std::time::Duration;

/// One tunable field of a parameter struct `P`: its name, its valid range, and how to read and
/// set it as a [`ParamValue`].
pub struct Tunable<P> {
    pub name: &'static str,
    /// The field's documentation.
    pub doc: &'static str,
    /// Valid values, as numbers (booleans are 0 and 1).
    pub min: f64,
    pub max: f64,
    /// The field's value.
    pub get: fn(&P) -> ParamValue,
    /// Set the field; false (and nothing changed) when the value is of another kind.
    pub set: fn(&mut P, ParamValue) -> bool,
}

impl<P> Tunable<P> {
    /// The tunable of `table` called `name`.
    pub fn find<'a>(table: &'a [Tunable<P>], name: &str) -> Option<&'a Tunable<P>> {
        table.iter().find(|t| t.name == name)
    }

    /// Every tunable of `table` with its value in `params`, in the table's order.
    pub fn values<'a>(table: &'a [Tunable<P>], params: &'a P) -> impl Iterator<Item = Param> + 'a {
        table.iter().map(move |t| Param {
            name: t.name,
            value: (t.get)(params),
        })
    }

    /// Set this tunable of `params` to `value` when it is of the right kind and in range;
    /// otherwise say why and change nothing.
    pub fn set_checked(&self, params: &mut P, value: ParamValue) -> Result<(), ParamError> {
        // A real value is compared in its own precision (0.01 is not below 0.01 as an f32).
        let in_range = match value {
            ParamValue::Real(x) => (self.min as f32..=self.max as f32).contains(&x),
            _ => (self.min..=self.max).contains(&value.as_f64()),
        };
        if !in_range {
            return Err(ParamError::OutOfRange {
                name: self.name.into(),
                min: self.min,
                max: self.max,
            });
        }
        if (self.set)(params, value) {
            Ok(())
        } else {
            Err(ParamError::WrongKind {
                name: self.name.into(),
                expected: (self.get)(params),
            })
        }
    }
}

/// A field type a tunable may have.
pub(crate) trait Field: Sized {
    fn to_value(&self) -> ParamValue;
    fn from_value(value: ParamValue) -> Option<Self>;
}

impl Field for f32 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Real(*self)
    }
    fn from_value(value: ParamValue) -> Option<f32> {
        match value {
            ParamValue::Real(x) => Some(x),
            ParamValue::Int(n) => Some(n as f32),
            ParamValue::Bool(_) => None,
        }
    }
}

impl Field for f64 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Real(*self as f32)
    }
    fn from_value(value: ParamValue) -> Option<f64> {
        f32::from_value(value).map(f64::from)
    }
}

/// A duration is set and shown in seconds.
impl Field for Duration {
    fn to_value(&self) -> ParamValue {
        ParamValue::Real(self.as_secs_f32())
    }
    fn from_value(value: ParamValue) -> Option<Duration> {
        let secs = f32::from_value(value)?;
        (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f32(secs))
    }
}

impl Field for u32 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Int(u64::from(*self))
    }
    fn from_value(value: ParamValue) -> Option<u32> {
        match value {
            ParamValue::Int(n) => u32::try_from(n).ok(),
            _ => None,
        }
    }
}

impl Field for u64 {
    fn to_value(&self) -> ParamValue {
        ParamValue::Int(*self)
    }
    fn from_value(value: ParamValue) -> Option<u64> {
        match value {
            ParamValue::Int(n) => Some(n),
            _ => None,
        }
    }
}

impl Field for usize {
    fn to_value(&self) -> ParamValue {
        ParamValue::Int(*self as u64)
    }
    fn from_value(value: ParamValue) -> Option<usize> {
        match value {
            ParamValue::Int(n) => usize::try_from(n).ok(),
            _ => None,
        }
    }
}

impl Field for bool {
    fn to_value(&self) -> ParamValue {
        ParamValue::Bool(*self)
    }
    fn from_value(value: ParamValue) -> Option<bool> {
        match value {
            ParamValue::Bool(b) => Some(b),
            _ => None,
        }
    }
}

/// A parameter struct from one list of fields, each `/// doc` then
/// `name: type = default, min..=max;`: the struct (every field public and documented), its
/// `Default` and its `TUNABLES` table.
macro_rules! tunables {
    (
        $(#[doc = $sdoc:literal])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])+
                $field:ident: $ty:ty = $default:expr, $min:literal..=$max:literal;
            )+
        }
    ) => {
        $(#[doc = $sdoc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $(
                $(#[doc = $doc])+
                pub $field: $ty,
            )+
        }

        impl Default for $name {
            fn default() -> $name {
                $name { $($field: $default,)+ }
            }
        }

        impl $name {
            /// Every field by name, in the order of the struct.
            pub const TUNABLES: &'static [$crate::tunable::Tunable<$name>] = &[
                $(
                    $crate::tunable::Tunable {
                        name: stringify!($field),
                        doc: concat!($($doc),+),
                        min: $min as f64,
                        max: $max as f64,
                        get: |p| $crate::tunable::Field::to_value(&p.$field),
                        set: |p, v| match <$ty as $crate::tunable::Field>::from_value(v) {
                            Some(x) => {
                                p.$field = x;
                                true
                            }
                            None => false,
                        },
                    },
                )+
            ];
        }
    };
}
pub(crate) use tunables;
