! The seed's worked examples (Maia's GlobalIndexer) exactly, from Fortran, on 3 ranks
! (indexer_test_world.f90 says what each check covers).
program test_indexer_seed
  use indexer_test_world
  implicit none
  call world_setup()
  if (nranks == 3) call seed_examples()
  call world_teardown()
end program test_indexer_seed
