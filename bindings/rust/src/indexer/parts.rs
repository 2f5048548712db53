//! What an exchange's part buffers may be: one buffer, for an indexer with one part on
//! this rank, or one buffer per part. Each exchange is one function generic over these
//! traits instead of a single-part function and a `_parts` twin.

use crate::data::Pod;

pub(super) mod sealed {
    /// Only this crate implements [`Parts`](super::Parts) and
    /// [`PartsMut`](super::PartsMut): the exchanges rely on what `slices` returns.
    /// Every impl needs `T: Pod`, so that `&Vec<&[T]>` is never one buffer whose
    /// elements are slices: inference then finds `T` from the buffers alone.
    pub trait Sealed<T> {}
}

/// Buffers an exchange reads, one per part of this rank (sealed).
///
/// * One part (the indexer must have exactly one part on this rank, else
///   `WEFT_DIMENSION_MISMATCH`): `&[T]`, `&Vec<T>`, `&[T; N]`.
/// * One buffer per part (any number of parts): `&[&[T]]`, `&[&[T]; N]`,
///   `&Vec<&[T]>`, `Vec<&[T]>`, `[&[T]; N]`.
pub trait Parts<T>: sealed::Sealed<T> {
    #[doc(hidden)]
    /// The form for an indexer with one part.
    const ONE: bool;
    #[doc(hidden)]
    fn slices(&self) -> Vec<&[T]>;
}

/// Buffers an exchange writes, one per part of this rank (sealed). The same forms as
/// [`Parts`] with `&mut`: `&mut [T]`, `&mut Vec<T>`, `&mut [T; N]` for one part;
/// `&mut [&mut [T]]`, `&mut [&mut [T]; N]`, `&mut Vec<&mut [T]>`, `Vec<&mut [T]>`,
/// `[&mut [T]; N]` for one per part. A split-phase request holds the value and
/// [`Request::wait`](super::Request::wait) hands it back.
pub trait PartsMut<T>: sealed::Sealed<T> {
    /// A number per part, as [`Indexer::take_v_into`](super::Indexer::take_v_into)
    /// returns the units received: `usize` for one buffer, `Vec<usize>` for one per part.
    type PerPart;
    #[doc(hidden)]
    const ONE: bool;
    #[doc(hidden)]
    fn slices_mut(&mut self) -> Vec<&mut [T]>;
    #[doc(hidden)]
    fn per_part(v: Vec<usize>) -> Self::PerPart;
}

/// Implements the traits for the one-buffer forms (`$($t)*` is the reference type over
/// `[T]`, `Vec<T>` or `[T; N]`).
macro_rules! one_buffer {
    ($([$($g:tt)*] $r:ty, $m:ty;)*) => {$(
        impl<'a, T: Pod, $($g)*> sealed::Sealed<T> for $r {}
        impl<'a, T: Pod, $($g)*> Parts<T> for $r {
            const ONE: bool = true;
            fn slices(&self) -> Vec<&[T]> {
                vec![&self[..]]
            }
        }
        impl<'a, T: Pod, $($g)*> sealed::Sealed<T> for $m {}
        impl<'a, T: Pod, $($g)*> PartsMut<T> for $m {
            type PerPart = usize;
            const ONE: bool = true;
            fn slices_mut(&mut self) -> Vec<&mut [T]> {
                vec![&mut self[..]]
            }
            fn per_part(v: Vec<usize>) -> usize {
                v.into_iter().sum()
            }
        }
    )*};
}

one_buffer! {
    [] &'a [T], &'a mut [T];
    [] &'a Vec<T>, &'a mut Vec<T>;
    [const N: usize] &'a [T; N], &'a mut [T; N];
}

/// Implements the traits for the one-buffer-per-part forms.
macro_rules! per_part {
    ($([$($g:tt)*] $r:ty, $m:ty;)*) => {$(
        impl<'a, 'b, T: Pod, $($g)*> sealed::Sealed<T> for $r {}
        impl<'a, 'b, T: Pod, $($g)*> Parts<T> for $r {
            const ONE: bool = false;
            fn slices(&self) -> Vec<&[T]> {
                self.iter().map(|p| &p[..]).collect()
            }
        }
        impl<'a, 'b, T: Pod, $($g)*> sealed::Sealed<T> for $m {}
        impl<'a, 'b, T: Pod, $($g)*> PartsMut<T> for $m {
            type PerPart = Vec<usize>;
            const ONE: bool = false;
            fn slices_mut(&mut self) -> Vec<&mut [T]> {
                self.iter_mut().map(|p| &mut p[..]).collect()
            }
            fn per_part(v: Vec<usize>) -> Vec<usize> {
                v
            }
        }
    )*};
}

per_part! {
    [] &'a [&'b [T]], &'a mut [&'b mut [T]];
    [const N: usize] &'a [&'b [T]; N], &'a mut [&'b mut [T]; N];
    [] &'a Vec<&'b [T]>, &'a mut Vec<&'b mut [T]>;
    [] Vec<&'a [T]>, Vec<&'a mut [T]>;
    [const N: usize] [&'a [T]; N], [&'a mut [T]; N];
}
