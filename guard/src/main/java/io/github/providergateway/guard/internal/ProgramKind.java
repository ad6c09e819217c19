package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a program is, as the rule families ask: a shell, a downloader, a reader of files… Each
 * step's kinds are looked up once, as bits ({@link Step#kinds()}): a long command has thousands of
 * programs, and each family asking its own sets of every one was a sixth of a 64 KiB decision.
 *
 * <p>Every kind's names are here, in this one class, and the table is built in its own static
 * initialiser after them: a table filled from the families' classes could be read half-made, during
 * their initialisation, and would then find no kind for a program: a program let through.
 */
enum ProgramKind {
  /** A shell: runs the script it is handed. */
  SHELL("sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "csh", "tcsh", "busybox"),
  /** An interpreter of another language (python is matched by its prefix, in Step). */
  INTERPRETER(
      "perl",
      "ruby",
      "node",
      "nodejs",
      "php",
      "lua",
      "deno",
      "bun",
      "Rscript",
      "osascript",
      "julia",
      "dotnet-script"),
  /** A program that fetches what a host serves: a URL, a DNS record's text ({@code dig TXT}). */
  DOWNLOADER(
      "curl",
      "wget",
      "fetch",
      "http",
      "https",
      "xh",
      "xhs",
      "lwp-request",
      "GET",
      "dig",
      "drill",
      "kdig",
      "nslookup"),
  /** A program that sends what it is given over the network. */
  SENDER("curl", "wget", "nc", "ncat", "netcat", "socat", "http", "https", "xh", "ssh", "scp"),
  /** A program that keeps a credential or a secret it can be asked to print. */
  TOKEN_TOOL(
      "sf",
      "sfdx",
      "gh",
      "gcloud",
      "aws",
      "az",
      "vault",
      "heroku",
      "kubectl",
      "oc",
      "npm",
      "glab",
      "fly",
      "flyctl",
      "pass",
      "gopass",
      "op",
      "bw",
      "lpass",
      "security",
      "secret-tool",
      "doppler",
      "infisical"),
  /** A database client. */
  SQL_CLIENT(
      "psql",
      "mysql",
      "mariadb",
      "sqlplus",
      "sqlite3",
      "sqlite",
      "sqlcmd",
      "clickhouse-client",
      "clickhouse",
      "cockroach",
      "duckdb",
      "pgcli",
      "mycli",
      "litecli",
      "usql",
      "isql",
      "snowsql",
      "snow",
      "bq",
      "trino",
      "presto",
      "spark-sql",
      "beeline",
      "cqlsh",
      "influx"),
  /**
   * A client of a data store other than SQL ({@link DataStores}), or a program that can speak to
   * one (a raw socket, an HTTP client).
   */
  DATA_STORE(
      "redis-cli",
      "valkey-cli",
      "keydb-cli",
      "nc",
      "ncat",
      "netcat",
      "socat",
      "telnet",
      "mongosh",
      "mongo",
      "influx",
      "etcdctl",
      "consul",
      "kafka-topics",
      "kafka-topics.sh",
      "rpk",
      "rabbitmqctl",
      "rabbitmqadmin",
      "heroku",
      "curl",
      "http",
      "https",
      "xh"),
  /** A program that prints text (SQL piped into a client). */
  ECHO("echo", "printf", "cat", "print"),
  /** A program that stops, restarts or signals the system or its services. */
  SYSTEM_COMMAND("shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "kill"),
  /** A program that runs a command as root. */
  ROOT_WRAPPER("sudo", "doas", "pkexec", "su", "run0"),
  /** A program that prints, searches, encodes or packs the files it is given. */
  READER(
      "cat",
      "tac",
      "less",
      "more",
      "most",
      "head",
      "tail",
      "bat",
      "batcat",
      "nl",
      "od",
      "xxd",
      "hexdump",
      "hd",
      "strings",
      "base64",
      "base32",
      "basenc",
      "uuencode",
      "grep",
      "egrep",
      "fgrep",
      "zgrep",
      "rg",
      "ag",
      "ack",
      "awk",
      "gawk",
      "mawk",
      "nawk",
      "cut",
      "sort",
      "uniq",
      "diff",
      "cmp",
      "comm",
      "paste",
      "jq",
      "yq",
      "tar",
      "zip",
      "7z",
      "7za",
      "gzip",
      "bzip2",
      "xz",
      "zstd",
      "zcat",
      "gpg",
      "openssl",
      "nc",
      "ncat",
      "netcat",
      "socat",
      "sed",
      "perl",
      "iconv",
      "fold",
      "fmt",
      "pr",
      "expand",
      "column",
      "look",
      "view",
      "vi",
      "vim",
      "nvim",
      "emacs",
      "nano",
      "code",
      "xclip",
      "xsel",
      "pbcopy",
      "wl-copy",
      "sha256sum",
      "md5sum",
      "split",
      "csplit",
      "join",
      "rev",
      "tr",
      "dos2unix",
      "unix2dos",
      "sqlite3",
      "sqlite"),
  /** A program that sends signals to processes. */
  KILLER("kill", "pkill", "killall", "xargs"),
  /** A program that finds a process or reads a pid file. */
  FINDER("pgrep", "pidof", "cat", "head", "tail", "grep", "awk", "lsof", "ps", "jps", "<"),
  /** A program that stops services or processes by name. */
  PROCESS_PROGRAM("pkill", "killall", "systemctl", "launchctl", "gateway", "provider-gateway");

  /** A bit no kind has (the highest of an int), left for a step's own flag. */
  static final int FREE_BIT = 1 << (Integer.SIZE - 1);

  /** Each program's kinds, as bits. */
  private static final Map<String, Integer> KINDS = new HashMap<>();

  static {
    if (values().length >= Integer.SIZE) {
      throw new AssertionError("more kinds than an int has bits, less the free one");
    }
    for (ProgramKind kind : values()) {
      for (String name : kind.names) {
        KINDS.merge(name, kind.bit, (a, b) -> a | b);
      }
    }
  }

  private final List<String> names;
  private final int bit;

  ProgramKind(String... names) {
    this.names = List.of(names);
    this.bit = 1 << ordinal();
  }

  /** {@return the kinds of a program's name, as bits; 0 for none} */
  static int of(String program) {
    Integer kinds = KINDS.get(program);
    return kinds == null ? 0 : kinds;
  }

  /** {@return whether kinds, as {@link #of} gives them, hold this one} */
  boolean in(int kinds) {
    return (kinds & bit) != 0;
  }

  /** {@return whether a program's name is of this kind} */
  boolean names(String program) {
    return in(of(program));
  }

  /** {@return this kind's names} */
  List<String> names() {
    return names;
  }

  /** {@return whether a program is a shell or an interpreter: code it is handed runs} */
  static boolean isInterpreter(String program) {
    return isInterpreter(program, ProgramKind.of(program));
  }

  /** {@return whether a program of these {@link ProgramKind}s is a shell or an interpreter} */
  static boolean isInterpreter(String program, int kinds) {
    return ProgramKind.SHELL.in(kinds)
        || ProgramKind.INTERPRETER.in(kinds)
        || program.startsWith("python")
        || program.startsWith("pypy");
  }
}
