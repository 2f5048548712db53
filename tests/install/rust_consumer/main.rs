// The outside consumer's program: uses the weft crate as any dependent crate would.
use weft::{copy, Datatype, Predefined};

fn main() -> Result<(), weft::Error> {
    let (major, minor, patch) = weft::version();
    println!("weft {major}.{minor}.{patch}");

    let every_other = Datatype::vector(3, 1, 2, &Datatype::double())?.committed()?;
    println!(
        "vector(3,1,2) of double: size {} extent {}",
        every_other.size(),
        every_other.extent()
    );
    let a = [0.0f64, 1.0, 2.0, 3.0, 4.0, 5.0];
    let packed = every_other.pack_to_vec(&a, 1)?;
    let mut b = [0.0f64; 3];
    Datatype::double().unpack(&packed, &mut 0, &mut b, 3)?;
    println!("packed {b:?}");

    let int = Datatype::int32();
    let col = Datatype::vector(3, 1, 3, &int)?;
    let xpose = Datatype::hvector(3, 1, 4, &col)?.committed()?;
    drop(col); // xpose keeps it alive
    let m: [i32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let mut t = [0i32; 9];
    let n = copy(&m, 1, &xpose, &mut t, 9, &int)?;
    println!("transpose {t:?} ({n} bytes)");

    let tm = Datatype::structure(&[1, 1], &[0, 8], &[&Datatype::double(), &Datatype::char()])?.typemap()?;
    let names: Vec<String> = tm.iter().map(|(p, d)| format!("({},{d})", p.name())).collect();
    println!("typemap {}", names.join(""));
    assert_eq!(tm[0].0, Predefined::Double);

    let e = Datatype::vector(2, -1, 1, &int).unwrap_err();
    println!("error {e}");
    let e = xpose.pack_to_vec(&m[1..], 1).unwrap_err();
    println!("rejected {}", e.name());
    Ok(())
}
