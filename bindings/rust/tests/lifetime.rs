//! Ownership: Drop frees, derived types outlive their freed inputs, contents handles,
//! dup, raw handles, and sharing across threads.
mod common;
use common::*;
use std::sync::Arc;
use weft::{Combiner, Datatype, Predefined};

fn assert_send_sync<T: Send + Sync>() {}

#[test]
fn datatype_is_send_and_sync() {
    assert_send_sync::<Datatype>();
    assert_send_sync::<weft::Error>();
}

#[test]
fn derived_types_outlive_their_inputs() {
    let derived = {
        let dc = double_char();
        let v = Datatype::vector(2, 3, 4, &dc).unwrap();
        drop(dc);
        let s = Datatype::structure(&[1, 1], &[0, 200], &[&v, &Datatype::int()]).unwrap();
        drop(v);
        s
    };
    assert_eq!(derived.size(), 54 + 4);
    assert_eq!(derived.typemap().unwrap().len(), 13);
    let derived = derived.committed().unwrap();
    let buf = pattern(400, 5);
    assert_eq!(
        derived.pack_to_vec(&buf, 1).unwrap(),
        reference_pack(&buf, 0, 1, &derived)
    );
    // the inputs come back through contents even though their handles are gone
    let c = derived.contents().unwrap();
    assert_eq!(c.types[0].envelope().combiner, Combiner::Vector);
    let inner = c.types[0].contents().unwrap();
    assert_eq!(
        inner.types[0].typemap().unwrap(),
        vec![(Predefined::Double, 0), (Predefined::Char, 8)]
    );
}

#[test]
fn contents_handles_and_commit_state() {
    let mut a = Datatype::contiguous(2, &Datatype::double()).unwrap();
    let v = Datatype::vector(3, 1, 2, &a).unwrap();
    // a is not committed: neither is the handle contents gives back
    let c = v.contents().unwrap();
    assert!(!c.types[0].is_committed());
    a.commit().unwrap();
    // the object is committed now: a new contents handle knows it
    let c2 = v.contents().unwrap();
    assert!(c2.types[0].is_committed());
    // the stale handle still works: committing it is a no-op in weft
    let mut stale = c.types.into_iter().next().unwrap();
    stale.commit().unwrap();
    assert_eq!(stale.pack_to_vec(&[1.0f64, 2.0], 1).unwrap().len(), 16);
}

#[test]
fn dup_and_raw_handles() {
    let t = Datatype::vector(2, 1, 2, &Datatype::int()).unwrap();
    let d = t.dup().unwrap();
    assert!(!d.is_committed());
    assert_eq!(d.envelope().combiner, Combiner::Dup);
    let t = t.committed().unwrap();
    let d2 = t.dup().unwrap();
    assert!(d2.is_committed());
    assert_eq!(
        d2.pack_to_vec(&[1i32, 2, 3], 1).unwrap(),
        t.pack_to_vec(&[1i32, 2, 3], 1).unwrap()
    );
    // into_raw / from_raw round trip
    let raw = d2.into_raw();
    let back = unsafe { Datatype::from_raw(raw, true) };
    assert!(back.is_committed());
    assert_eq!(back.size(), 8);
    let p = unsafe { Datatype::from_raw(weft::sys::WEFT_INT, true) };
    assert_eq!(p.as_predefined(), Some(Predefined::Int)); // never freed
    drop(p);
    assert_eq!(Datatype::int().size(), 4);
}

#[test]
fn committed_types_are_shared_between_threads() {
    let t = Arc::new(
        Datatype::vector(100, 1, 3, &Datatype::double())
            .unwrap()
            .committed()
            .unwrap(),
    );
    let src: Arc<Vec<f64>> = Arc::new((0..300).map(|i| i as f64).collect());
    let want = t.pack_to_vec(&src[..], 1).unwrap();
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let (t, src, want) = (t.clone(), src.clone(), want.clone());
            std::thread::spawn(move || {
                for _ in 0..200 {
                    assert_eq!(t.pack_to_vec(&src[..], 1).unwrap(), want);
                    let mut back = vec![0f64; 300];
                    t.unpack(&want, &mut 0, &mut back, 1).unwrap();
                    assert_eq!(back[3], 3.0);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn aliases_committed_concurrently() {
    // Two Datatypes naming one weft object (the input and a contents handle), committed
    // and used from two threads at once: serialised by the binding.
    for _ in 0..50 {
        let a = Datatype::vector(50, 2, 3, &Datatype::int32()).unwrap();
        let v = Datatype::contiguous(2, &a).unwrap();
        let alias = v.contents().unwrap().types.into_iter().next().unwrap();
        let src: Vec<i32> = (0..400).collect();
        let t1 = std::thread::spawn(move || {
            let a = a.committed().unwrap();
            (a.pack_to_vec(&src, 1).unwrap(), a.is_contiguous())
        });
        let src: Vec<i32> = (0..400).collect();
        let t2 = std::thread::spawn(move || {
            let b = alias.dup().unwrap();
            let alias = alias.committed().unwrap();
            drop(b);
            alias.pack_to_vec(&src, 1).unwrap()
        });
        let (p1, contig) = t1.join().unwrap();
        let p2 = t2.join().unwrap();
        assert_eq!(p1, p2);
        assert!(!contig);
        drop(v);
    }
}

#[test]
fn drop_on_another_thread() {
    let t = Datatype::contiguous(3, &double_char()).unwrap();
    let keep = Datatype::vector(2, 1, 1, &t).unwrap();
    std::thread::spawn(move || drop(t)).join().unwrap();
    assert_eq!(keep.size(), 54);
}

#[test]
fn contents_races_with_dropping_the_input() {
    // Thread B drops the input's last other handle while thread A asks a derived type
    // for its contents: the new handle must stay registered (a regression test for
    // libweft's user_retain/user_release, which now change count and registry under
    // one lock).
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
    use std::sync::Mutex;
    let iters = 20_000;
    let go = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let slot: Arc<Mutex<Option<Datatype>>> = Arc::new(Mutex::new(None));
    let (g2, d2, s2) = (go.clone(), done.clone(), slot.clone());
    let dropper = std::thread::spawn(move || {
        for round in 1..=iters {
            while g2.load(SeqCst) != round {
                std::hint::spin_loop();
            }
            let a = s2.lock().unwrap().take();
            drop(a);
            d2.store(round, SeqCst);
        }
    });
    for round in 1..=iters {
        let a = Datatype::contiguous(2, &Datatype::int()).unwrap();
        let v = Datatype::vector(2, 1, 1, &a).unwrap();
        *slot.lock().unwrap() = Some(a);
        go.store(round, SeqCst);
        let c = v.contents().unwrap();
        while done.load(SeqCst) != round {
            std::hint::spin_loop();
        }
        assert_eq!(c.types[0].size(), 8); // panics if weft rejects the handle
    }
    dropper.join().unwrap();
}
