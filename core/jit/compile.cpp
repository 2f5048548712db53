// The JIT's compiler driver (compile.hpp): the cache folder, the compiler run, dlopen.
#include "compile.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <vector>

extern char **environ;

namespace weft::jit {

namespace {

std::mutex lock;  // the map, the cache folder, compilations
std::unordered_map<std::string, void *> loaded;  // source + '\0' + symbol -> function (nullptr: failed)
std::atomic<int> switch_state{-1};                // -1: not decided yet, else 0 / 1
std::atomic<int64_t> n_compiled{0}, n_failed{0}, n_runs{0};

const char *env(const char *name) {
  const char *v = std::getenv(name);
  return v && *v ? v : nullptr;
}

// Creates every missing folder of `path` (0700: kernels are code this process loads).
bool make_folders(const std::string &path) {
  for (size_t at = 1; at <= path.size(); ++at) {
    if (at < path.size() && path[at] != '/') continue;
    const std::string part = path.substr(0, at);
    if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST) return false;
  }
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The cache folder (compile.hpp), created on first use; "" when none can be made.
const std::string &cache_folder() {
  static std::string folder = [] {
    std::string f;
    if (const char *c = env("WEFT_JIT_CACHE")) f = c;
    else if (const char *x = env("XDG_CACHE_HOME")) f = std::string(x) + "/weft/jit";
    else if (const char *h = env("HOME")) f = std::string(h) + "/.cache/weft/jit";
    if (!f.empty() && make_folders(f)) return f;
    std::string tmp = std::string(env("TMPDIR") ? env("TMPDIR") : "/tmp") + "/weft-jit-XXXXXX";
    return ::mkdtemp(tmp.data()) ? tmp : std::string();
  }();
  return folder;
}

std::string hex_hash(const std::string &s) {  // FNV-1a, 64 bits
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

bool read_file(const std::string &path, std::string &text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

bool write_file(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  return bool(out.flush());
}

void *open_symbol(const std::string &so, const char *symbol) {
  void *h = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  return h ? ::dlsym(h, symbol) : nullptr;  // (kept open for the process: its kernels are in use)
}

// Runs the compiler on `c` into `so`, its messages into `log`. True when it succeeded.
bool run_compiler(const std::string &c, const std::string &so, const std::string &log) {
  std::vector<std::string> words;
  std::istringstream cc(env("WEFT_JIT_CC") ? env("WEFT_JIT_CC") : "cc");
  for (std::string w; cc >> w;) words.push_back(w);
  if (words.empty()) return false;
  for (const char *flag : {"-O2", "-fPIC", "-shared", "-fvisibility=hidden", "-ffp-contract=off", "-o"})
    words.push_back(flag);
  words.push_back(so);
  words.push_back(c);
  std::vector<char *> argv;
  for (std::string &w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  const int started = posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (started != 0) {
    write_file(log, std::string("weft: cannot start ") + argv[0] + ": " + std::strerror(started) + "\n");
    return false;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The kernel from the cache folder, compiled there first if it is not (or holds another
// source under the same hash).
void *build(const std::string &source, const char *symbol) {
  const std::string &folder = cache_folder();
  if (folder.empty()) return nullptr;
  const std::string base = folder + "/k" + hex_hash(source);
  std::string kept;
  if (read_file(base + ".c", kept) && kept == source)
    if (void *f = open_symbol(base + ".so", symbol)) return f;
  // Written under names of this process's own, then renamed into place: processes
  // sharing the folder never load a half-written object.
  const std::string mine = base + "." + std::to_string(::getpid());
  const bool ok = write_file(mine + ".c", source) && run_compiler(mine + ".c", mine + ".so", mine + ".log") &&
                  std::rename((mine + ".so").c_str(), (base + ".so").c_str()) == 0;
  if (ok) std::rename((mine + ".c").c_str(), (base + ".c").c_str());
  else std::rename((mine + ".log").c_str(), (base + ".log").c_str());  // (for the definition's author)
  std::remove((mine + ".log").c_str());
  std::remove((mine + ".c").c_str());
  std::remove((mine + ".so").c_str());
  return ok ? open_symbol(base + ".so", symbol) : nullptr;
}

}  // namespace

bool enabled() {
  int s = switch_state.load(std::memory_order_relaxed);
  if (s < 0) {
    const char *v = env("WEFT_JIT");
    s = v && (std::strcmp(v, "0") == 0 || std::strcmp(v, "off") == 0) ? 0 : 1;
    int unset = -1;
    switch_state.compare_exchange_strong(unset, s);
    s = switch_state.load();
  }
  return s == 1;
}

void set_enabled(bool on) { switch_state.store(on ? 1 : 0); }

void *kernel(const std::string &source, const char *symbol) {
  if (!enabled()) return nullptr;
  std::lock_guard<std::mutex> g(lock);
  const std::string key = source + '\0' + symbol;
  auto it = loaded.find(key);
  if (it != loaded.end()) return it->second;
  void *f = build(source, symbol);
  (f ? n_compiled : n_failed).fetch_add(1);
  loaded.emplace(key, f);
  return f;
}

int64_t compiled() { return n_compiled.load(); }
int64_t failed() { return n_failed.load(); }
int64_t runs() { return n_runs.load(); }
void count_run() { n_runs.fetch_add(1, std::memory_order_relaxed); }

}  // namespace weft::jit
