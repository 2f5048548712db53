# The layering check must fail on a tree where mpi/ includes a libweft internal: copy
# the parts it reads into a scratch tree, plant one such include, and expect failure.
file(REMOVE_RECURSE ${SCRATCH})
file(COPY ${SRC}/mpi ${SRC}/core ${SRC}/capi DESTINATION ${SCRATCH})
file(APPEND ${SCRATCH}/mpi/indexer/plan.cpp "\n#include \"../../core/types/type.hpp\"\n")
execute_process(COMMAND /usr/bin/python3 ${SRC}/tests/layering/check_layering.py ${SCRATCH}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "core/types/type.hpp, an internal of libweft")
  message(FATAL_ERROR "the layering check missed a planted violation:\n${out}")
endif()
message(STATUS "planted violation caught:\n${out}")
