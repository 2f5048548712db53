! Errors agreed across ranks (including a rank whose binding abstains after finding a
! short array), nothing written, the indexer usable afterwards; on 1 to 4 ranks.
program test_indexer_errors
  use indexer_test_world
  implicit none
  call world_setup()
  call errors()
  call world_teardown()
end program test_indexer_errors
