# Writes OUT (a header defining RACECAR_COMMIT) from the git commit of
# SOURCE_DIR, run at every build by the racecar_commit target; the file is
# only rewritten when the commit changes, so nothing recompiles otherwise.
# Outside a git checkout (a source tarball) the commit is "unknown".
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE Commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE Rc ERROR_QUIET)
if(NOT Rc EQUAL 0 OR Commit STREQUAL "")
  set(Commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain -uno
                  OUTPUT_VARIABLE Dirty OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  if(NOT Dirty STREQUAL "")
    set(Commit "${Commit}-dirty")
  endif()
endif()
set(Text "#define RACECAR_COMMIT \"${Commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" Old)
endif()
if(NOT "${Old}" STREQUAL "${Text}")
  file(WRITE "${OUT}" "${Text}")
endif()
