# Build rules every folder shares, defined once (included by the top-level CMakeLists.txt).
#
#   weft_warnings          INTERFACE target: the warning flags of weft's own C/C++/Fortran
#   WEFT_MPIRUN_ENV        the environment Open MPI needs to run here (root, oversubscribe)
#   weft_add_mpi_test()    one ctest case per rank count, under mpirun with that environment
#   weft_library()         a weft shared library: SONAME, hidden symbols, version script,
#                          $ORIGIN RUNPATH once installed
#   WEFT_SANITIZE          -DWEFT_SANITIZE=address,undefined builds everything with those
#                          sanitizers (a separate build directory; see README)
#   WEFT_TEST_OPTIMIZE     the optimisation of the test programs' own code (default -O0)

add_library(weft_warnings INTERFACE)
target_compile_options(weft_warnings INTERFACE
  $<$<COMPILE_LANG_AND_ID:C,GNU,Clang>:-Wall -Wextra>
  $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Wall -Wextra>
  $<$<COMPILE_LANG_AND_ID:Fortran,GNU>:-Wall -Wextra>)

# Open MPI refuses to run as root without the first two; the machines have 2 cores, so
# runs with more ranks need oversubscription.
set(WEFT_MPIRUN_ENV
    "OMPI_ALLOW_RUN_AS_ROOT=1;OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1;OMPI_MCA_rmaps_base_oversubscribe=1")

# weft_add_mpi_test(NAME <prefix> COMMAND <exe> [args...] NP <n>... [ENV <VAR=value>...]
#                   [LABELS <label>...] [TIMEOUT <s>])
# Adds <prefix>_np<n> for every n: `mpirun -np n` with ENV also exported to the ranks.
function(weft_add_mpi_test)
  cmake_parse_arguments(T "" "NAME;TIMEOUT" "COMMAND;NP;ENV;LABELS" ${ARGN})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set(exports "")
  foreach(e IN LISTS T_ENV)
    string(REGEX REPLACE "=.*" "" var "${e}")
    list(APPEND exports -x ${var})
  endforeach()
  foreach(np IN LISTS T_NP)
    add_test(NAME ${T_NAME}_np${np}
             COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe -np ${np} ${exports} ${T_COMMAND})
    set_tests_properties(${T_NAME}_np${np} PROPERTIES LABELS "mpi;${T_LABELS}"
                         ENVIRONMENT "${WEFT_MPIRUN_ENV};${T_ENV}" TIMEOUT ${T_TIMEOUT})
  endforeach()
endfunction()

# weft_library(<target>): the properties every installed weft library has.
function(weft_library target)
  set_target_properties(${target} PROPERTIES
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    # Installed side by side: each finds the others next to itself, so a program that
    # links only one of them (gcc links --as-needed on Debian) still starts.
    INSTALL_RPATH "$ORIGIN")
  target_link_libraries(${target} PRIVATE weft_warnings)
endfunction()

# Sanitizers for the whole build (compile and link flags of C, C++ and Fortran).
set(WEFT_SANITIZE "" CACHE STRING "comma-separated -fsanitize= list, e.g. address,undefined")
if(WEFT_SANITIZE)
  add_compile_options(-fsanitize=${WEFT_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${WEFT_SANITIZE})
  # The run environment of sanitized MPI runs: Open MPI's own leaks are suppressed by
  # name (tests/sanitizer/lsan.supp); weft's never are. To be named, their stacks need
  # the slow unwinder (Open MPI has no frame pointers) and its plugins must stay loaded.
  set(WEFT_SANITIZER_ENV
      "ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0"
      "OMPI_MCA_mca_base_component_disable_dlclose=1"
      # use_tls=0: on 3 ranks LeakSanitizer's tracer dies reading some Open MPI thread's
      # TLS ("Tracer caught signal 11"); 1, 2 and 4 ranks are fine either way.
      "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/sanitizer/lsan.supp:print_suppressions=0:use_tls=0"
      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  list(APPEND WEFT_MPIRUN_ENV ${WEFT_SANITIZER_ENV})
endif()

# The test programs are compiled without optimisation whatever the build type: their
# code is thousands of gtest cases that run once, and -O0 compiles them 3-8 times faster
# (4x for the release build, 8x under ASan) while the libraries they test keep the build
# type's flags. The reference models they run are small (n <= 64), so the run stays short.
set(WEFT_TEST_OPTIMIZE "-O0" CACHE STRING "optimisation flag of the test programs (the libraries keep the build type's)")

# Where the CMake package goes, and weft_install_pkgconfig(<name>): installs
# cmake/<name>.pc.in as <name>.pc. The .pc files find their prefix relative to
# themselves, so an installed tree can be moved.
set(WEFT_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/weft)
file(RELATIVE_PATH WEFT_PC_TO_PREFIX "/p/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/p")
function(weft_install_pkgconfig name)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${name}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${name}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${name}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()
