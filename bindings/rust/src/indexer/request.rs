//! Requests and scopes: how a pending exchange is waited for, and the scope that keeps
//! its buffers borrowed until then.

use super::*;

// ---- Requests and scopes ---------------------------------------------------------------------

/// The heap arrays a started exchange was given (part pointers, counts pointers,
/// capacities), kept until it completes: weft may read them until then. Moving the
/// vectors does not move their heap buffers.
#[derive(Default)]
pub struct Arrays {
    pub(super) ptrs: PartPtrs,
    pub(super) cptrs: Vec<*const c_void>,
    pub(super) counts: Vec<*mut i64>,
    pub(super) ccounts: Vec<*const i64>,
    pub(super) caps: Vec<i64>,
}

/// A started exchange: the C request and the heap arrays it was given.
pub(super) struct Pending {
    raw: sys::weft_request,
    _arrays: Arrays,
}

impl Pending {
    fn wait(mut self) -> Result<()> {
        // SAFETY: a live request, completed once (weft sets the handle to NULL).
        check(unsafe { sys::weft_request_wait(&mut self.raw) })
    }
}

/// Given the status of the completed exchange, hands back what a request was lent (and
/// collects weft's allocations); on an error it hands nothing back.
pub(super) type GiveBack<'a, B> = Box<dyn FnOnce(Result<()>) -> Result<B> + 'a>;

/// An exchange started by a `weft_indexer_*_begin` call, and how to hand back what it
/// was lent. Every form of an exchange starts it the same way: the blocking form waits
/// at once ([`Started::wait`]), the split-phase forms make a [`Request`].
pub struct Started<'a, B> {
    pending: Pending,
    back: GiveBack<'a, B>,
}

impl<'a, B: 'a> Started<'a, B> {
    /// Makes the `*_begin` call `begin`, which gets the heap arrays it may read until
    /// the exchange completes (they move into the pending exchange) and the request
    /// handle to set; `back` runs when it has completed.
    pub(super) fn begin(
        arrays: Arrays,
        begin: impl FnOnce(&Arrays, *mut sys::weft_request) -> c_int,
        back: impl FnOnce(Result<()>) -> Result<B> + 'a,
    ) -> Result<Started<'a, B>> {
        let mut raw: sys::weft_request = ptr::null_mut();
        check(begin(&arrays, &mut raw))?;
        Ok(Started {
            pending: Pending { raw, _arrays: arrays },
            back: Box::new(back),
        })
    }

    /// The blocking form: completes the exchange now.
    pub(super) fn wait(self) -> Result<B> {
        let done = self.pending.wait();
        (self.back)(done)
    }

    /// Hands back `f` of what this one would.
    pub(super) fn map<C: 'a>(self, f: impl FnOnce(B) -> C + 'a) -> Started<'a, C> {
        let back = self.back;
        Started {
            pending: self.pending,
            back: Box::new(move |done: Result<()>| back(done).map(f)),
        }
    }

    /// The split-phase form inside a scope.
    pub(super) fn scoped<'env>(self, scope: &'a Scope<'a, 'env>) -> Request<'a, B> {
        let mut v = scope.pending.borrow_mut();
        v.push(Some(self.pending));
        Request::new(State::Scoped(&scope.pending, v.len() - 1), self.back)
    }

    /// The split-phase form without a scope (the caller's `unsafe` promises to wait it).
    pub(super) fn unscoped(self) -> Request<'a, B> {
        Request::new(State::Owned(self.pending), self.back)
    }
}

pub(super) enum State<'a> {
    /// From an `_unscoped` begin.
    Owned(Pending),
    /// Slot `usize` of a scope's list.
    Scoped(&'a RefCell<Vec<Option<Pending>>>, usize),
    Done,
}

impl State<'_> {
    pub(super) fn finish(&mut self) -> Result<()> {
        match core::mem::replace(self, State::Done) {
            State::Owned(p) => p.wait(),
            State::Scoped(slots, i) => {
                let p = slots.borrow_mut()[i].take();
                match p {
                    Some(p) => p.wait(),
                    None => Ok(()),
                }
            }
            State::Done => Ok(()),
        }
    }
}

/// A pending split-phase exchange (`weft_request`), holding the output buffer(s) it was
/// lent. [`wait`](Request::wait) completes it and returns `B`: the buffers handed back
/// (for variable items with the number of units received or written), or, for the
/// allocating forms, the new vectors. Dropping an unwaited request waits too (its
/// status is lost, and so are the vectors of an allocating form, which are freed).
#[must_use = "a request completes when waited or dropped; wait() returns its status and the output buffer"]
pub struct Request<'a, B> {
    pub(super) state: State<'a>,
    pub(super) give_back: Option<GiveBack<'a, B>>,
    pub(super) _borrows: PhantomData<&'a mut ()>,
}

impl<'a, B> Request<'a, B> {
    pub(super) fn new(state: State<'a>, give_back: GiveBack<'a, B>) -> Request<'a, B> {
        Request {
            state,
            give_back: Some(give_back),
            _borrows: PhantomData,
        }
    }

    /// `weft_request_wait`: completes the exchange (writes the outputs) and returns the
    /// output buffer(s) or vectors — or the error the blocking call would have returned
    /// (with [`Error::needed`] for a `put_v` into caller buffers short of room).
    pub fn wait(mut self) -> Result<B> {
        let status = self.state.finish();
        let back = self.give_back.take().expect("a request is waited once");
        back(status)
    }
}

impl<B> Drop for Request<'_, B> {
    fn drop(&mut self) {
        let _ = self.state.finish();
    }
}

impl<B> fmt::Debug for Request<'_, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pending = !matches!(self.state, State::Done);
        f.debug_struct("Request").field("pending", &pending).finish()
    }
}

/// A scope for split-phase exchanges ([`scope`]): every request started in it
/// completes before the scope ends, even if its [`Request`] was leaked.
pub struct Scope<'scope, 'env: 'scope> {
    pub(super) pending: RefCell<Vec<Option<Pending>>>,
    pub(super) scope: PhantomData<&'scope mut &'scope ()>,
    pub(super) env: PhantomData<&'env mut &'env ()>,
}

impl<'scope, 'env> Scope<'scope, 'env> {
    /// Completes every request still pending, in the order they were started.
    pub(super) fn wait_all(&self) {
        let mut i = 0;
        loop {
            let p = {
                let mut v = self.pending.borrow_mut();
                if i >= v.len() {
                    break;
                }
                v[i].take()
            };
            if let Some(p) = p {
                let _ = p.wait();
            }
            i += 1;
        }
    }
}

impl fmt::Debug for Scope<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Scope")
    }
}

/// Runs `f` with a [`Scope`] in which split-phase exchanges
/// ([`Indexer::take_begin`], [`Indexer::put_begin`], [`Indexer::take_v_begin`],
/// [`Indexer::take_v_begin_parts`], [`Indexer::take_v_into_begin`],
/// [`Indexer::put_v_begin`]) may be started, then completes
/// every request still pending (in the order they were started; their statuses are
/// lost — [`Request::wait`] them to see them). The buffers lent to a request must
/// outlive the scope, so they cannot be freed or touched while an exchange may still
/// write them, even if a `Request` is leaked. If `f` panics, the pending requests are
/// completed before the panic continues.
pub fn scope<'env, F, R>(f: F) -> R
where
    F: for<'scope> FnOnce(&'scope Scope<'scope, 'env>) -> R,
{
    let s = Scope {
        pending: RefCell::new(Vec::new()),
        scope: PhantomData,
        env: PhantomData,
    };
    let r = catch_unwind(AssertUnwindSafe(|| f(&s)));
    s.wait_all();
    match r {
        Ok(v) => v,
        Err(p) => resume_unwind(p),
    }
}
