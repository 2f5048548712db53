//! MPI-1.1 Example 3.35: unions. One datatype per member the union may hold, each a
//! struct {member at 0, MPI_UB at the union's size}, chosen at run time by `utype`.
//! Errata fixed: `} u[1000]` lacked `;`.
use weft::{address, Datatype, Pod, Status};
use weft_examples::{mismatches, Mpi, OrAbort};

#[repr(C)]
#[derive(Clone, Copy)]
union U {
    ival: i32,
    fval: f32,
}
// SAFETY: 4 bytes, no padding, every bit pattern is a valid i32 and a valid f32.
unsafe impl Pod for U {}

fn fill(rank: i32, utype: usize) -> Vec<U> {
    (0..1000)
        .map(|k| {
            if utype == 0 {
                U {
                    ival: 7 * k - 300 + 10_000 * rank,
                }
            } else {
                U {
                    fval: 0.25 * k as f32 + rank as f32,
                }
            }
        })
        .collect()
}
/// The values as the bits of the member in use.
fn bits(u: &[U], utype: usize) -> Vec<u32> {
    // SAFETY: reading the member that was written.
    u.iter()
        .map(|x| unsafe {
            if utype == 0 {
                x.ival as u32
            } else {
                x.fval.to_bits()
            }
        })
        .collect()
}

fn main() {
    let mpi = Mpi::init();
    let u0 = fill(mpi.rank, 0);
    // compute a datatype for each possible union type; values are left-aligned
    let i = address(&u0[0]);
    let j = address(&u0[1]);
    let disp = [0, j - i];
    let blocklen = [1, 1];
    let mpi_utype: Vec<Datatype> = [Datatype::int(), Datatype::float()]
        .iter()
        .map(|t| {
            Datatype::structure(&blocklen, &disp, &[t, &Datatype::ub_marker()])
                .or_abort("struct")
                .committed()
                .or_abort("commit")
        })
        .collect();

    let (mut bad_copy, mut bad_mpi) = (0, 0);
    for (utype, t) in mpi_utype.iter().enumerate() {
        let u = fill(mpi.rank, utype);
        let mut r = vec![U { ival: 0 }; 1000];
        weft::copy(&u, 1000, t, &mut r, 1000, t).or_abort("copy");
        bad_copy += mismatches(&bits(&r, utype), &bits(&u, utype));
        let mut r = vec![U { ival: 0 }; 1000];
        // SAFETY: 1000 unions at u and r.
        unsafe { mpi.sendrecv(u.as_ptr().cast(), 1000, t, r.as_mut_ptr().cast(), 1000, t) };
        bad_mpi += mismatches(&bits(&r, utype), &bits(&fill(mpi.partner(), utype), utype));
    }
    // A message sent as ints cannot be received as floats: weft checks type signatures.
    let mut r = vec![U { ival: 0 }; 1000];
    let refused = weft::copy(&u0, 1000, &mpi_utype[0], &mut r, 1000, &mpi_utype[1]);
    bad_copy += usize::from(!matches!(&refused, Err(e) if e.status() == Status::SignatureMismatch));

    let rc = mpi.report(
        "3.35",
        "1000 unions {i32, f32} sent as int and as float with UB at 4 (int -> float refused by weft)",
        bad_copy,
        bad_mpi,
    );
    drop(mpi);
    std::process::exit(rc);
}
