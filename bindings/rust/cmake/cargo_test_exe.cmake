# Builds one cargo integration-test binary and links it to a fixed path, so that ctest
# can run it under mpirun (cargo names test binaries deps/<test>-<hash>).
#
#   cmake -DCARGO=<cargo> -DMANIFEST=<Cargo.toml> -DTEST=<name> -DFEATURES=<features>
#         -DLINK=<path> -P cargo_test_exe.cmake
#
# The cargo environment (WEFT_LIB_DIR, CARGO_TARGET_DIR, ...) comes from the caller
# (cmake -E env). The build's progress goes to stderr; the JSON messages on stdout give
# the executable.
foreach(v CARGO MANIFEST TEST FEATURES LINK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "cargo_test_exe.cmake: -D${v}=... is required")
  endif()
endforeach()
execute_process(
  COMMAND ${CARGO} test --no-run --offline --locked --features ${FEATURES} --test ${TEST}
          --manifest-path ${MANIFEST} --message-format=json-render-diagnostics
  OUTPUT_VARIABLE out
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cargo test --no-run --test ${TEST} failed (${rc})")
endif()
string(REGEX MATCHALL "\"executable\":\"[^\"]*/deps/${TEST}-[0-9a-f]+\"" hits "${out}")
list(LENGTH hits n)
if(n EQUAL 0)
  message(FATAL_ERROR "cargo reported no executable for test ${TEST}")
endif()
list(GET hits -1 hit)
string(REGEX REPLACE "^\"executable\":\"(.*)\"$" "\\1" exe "${hit}")
file(CREATE_LINK "${exe}" "${LINK}" SYMBOLIC)
message(STATUS "${LINK} -> ${exe}")
