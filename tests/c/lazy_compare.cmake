# Runs lazy_programs (tests/c/lazy_programs.cpp) in blocking and in nonblocking mode with
# the same seed and fails unless both exit 0 and print the same, nonempty transcript; on a
# difference it shows the first differing line of each (and the program it belongs to).
#   cmake -DEXE=<lazy_programs> -DSEED=<s> -DPROGRAMS=<n> [-DLARGE=<percent>]
#         -DWORK=<dir for the transcripts> -P lazy_compare.cmake
foreach(var EXE SEED PROGRAMS WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "lazy_compare.cmake needs -D${var}=...")
  endif()
endforeach()
set(args --programs ${PROGRAMS} --seed ${SEED})
set(large "")
if(DEFINED LARGE)
  list(APPEND args --large ${LARGE})
  set(large " --large ${LARGE}")
endif()

foreach(mode blocking nonblocking)
  set(file_${mode} "${WORK}/lazy_programs_${SEED}_${mode}.txt")
  execute_process(COMMAND ${EXE} --mode ${mode} ${args}
                  OUTPUT_FILE ${file_${mode}} ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${mode} run failed (${rc}): ${err}\n(transcript so far: ${file_${mode}})")
  endif()
  file(SIZE ${file_${mode}} size)
  if(size EQUAL 0)
    message(FATAL_ERROR "${mode} run printed nothing")
  endif()
endforeach()

execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${file_blocking} ${file_nonblocking}
                RESULT_VARIABLE differ)
if(NOT differ)
  message(STATUS "seed ${SEED}: ${PROGRAMS} programs, identical transcripts (${size} bytes)")
  return()
endif()

# The longest common prefix, by bisection (string(SUBSTRING) copies; a few dozen rounds).
file(READ ${file_blocking} a)
file(READ ${file_nonblocking} b)
string(LENGTH "${a}" la)
string(LENGTH "${b}" lb)
set(lo 0)
if(la LESS lb)
  set(hi ${la})
else()
  set(hi ${lb})
endif()
while(lo LESS hi)
  math(EXPR mid "(${lo} + ${hi} + 1) / 2")
  string(SUBSTRING "${a}" 0 ${mid} pa)
  string(SUBSTRING "${b}" 0 ${mid} pb)
  if(pa STREQUAL pb)
    set(lo ${mid})
  else()
    math(EXPR hi "${mid} - 1")
  endif()
endwhile()

# The line the difference is on: from the last newline of the common prefix.
string(SUBSTRING "${a}" 0 ${lo} common)
string(FIND "${common}" "\n" start REVERSE)
math(EXPR start "${start} + 1")
string(REGEX MATCHALL "\n" newlines "${common}")
list(LENGTH newlines lineno)
math(EXPR lineno "${lineno} + 1")
string(FIND "${common}" "\nprogram " prog REVERSE)
set(program "program 0")
if(prog GREATER -1)
  math(EXPR prog "${prog} + 1")
  string(SUBSTRING "${common}" ${prog} -1 rest)
  string(REGEX MATCH "^program [0-9]+" program "${rest}")
endif()
string(REPLACE "program " "" number "${program}")
foreach(side a b)
  string(SUBSTRING "${${side}}" ${start} -1 tail)
  string(FIND "${tail}" "\n" end)
  string(SUBSTRING "${tail}" 0 ${end} line_${side})
endforeach()
message(FATAL_ERROR "transcripts differ at line ${lineno} (${program}):\n"
        "  blocking:    ${line_a}\n"
        "  nonblocking: ${line_b}\n"
        "transcripts: ${file_blocking} ${file_nonblocking}\n"
        "that program alone, every entry printed (and --mode blocking):\n"
        "  ${EXE} --mode nonblocking --seed ${SEED}${large} --first ${number} --programs 1 --full")
