! Every exchange, blocking and split phase, against a serial simulation, with a one-part
! and a multi-part indexer, on 1 to 4 ranks (indexer_test_world.f90 says what it covers).
program test_indexer_exchanges
  use indexer_test_world
  implicit none
  call world_setup()
  call exchanges(gi, 'one part')
  call exchanges(gim, 'multi-part')
  call world_teardown()
end program test_indexer_exchanges
