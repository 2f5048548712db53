# Sourced by the install tests. An installed program must start as a user's would: with
# nothing in its environment that steers the dynamic loader (no LD_* variable: search
# paths, preloads, audit libraries), finding its libraries through its own RUNPATH.
#   without_loader_env CMD ARGS...   runs CMD with every LD_* variable removed
without_loader_env() {
  local unset_args=() name
  for name in $(compgen -e); do
    case "$name" in LD_*) unset_args+=(-u "$name") ;; esac
  done
  env "${unset_args[@]}" "$@"
}
