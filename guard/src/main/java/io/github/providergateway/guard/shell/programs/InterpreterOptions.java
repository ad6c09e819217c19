package io.github.providergateway.guard.shell.programs;

import java.util.HashMap;
import java.util.Map;

/**
 * How each inline interpreter reads its own options (issue 80's red team: {@code python3 -IW ignore
 * -c …}, {@code perl -I /tmp -e …}, {@code php --run …}, {@code node -C development -e …}, {@code
 * gawk -i inplace '…'}): which give code, which take a value and where, which say the program is
 * elsewhere. An option no table names may take a value or not: {@link InterpreterWords} reads it
 * both ways. From the interpreters' manuals and {@code --help}: python(1), perlrun(1), ruby(1), php
 * CLI's {@code -h}, node(1), gawk(1) and mawk(1).
 */
final class InterpreterOptions {

  /** What an option is. */
  enum Kind {
    /** It takes no value. */
    FLAG,
    /** Its value is code: the rest of its word, or the next word. */
    CODE,
    /** It takes a value: the rest of its word, or the next word. */
    VALUE,
    /** It takes a value in its own word only (the rest of it, or after {@code =}), maybe none. */
    ATTACHED,
    /** Digits may follow it in its word, then more options ({@code perl -l0e}, {@code -0777}). */
    DIGITS,
    /** It takes a file (or module) that is the program: code on the line ends with it. */
    PROGRAM_FILE,
    /** It takes a file of program text, and code options may still follow (awk's {@code -f}). */
    SOURCE_FILE
  }

  private final Map<Character, Kind> shortOptions;
  private final Map<String, Kind> longOptions;
  private final boolean bundles;
  private final boolean abbreviates;
  private final String[] flagPrefixes;

  private InterpreterOptions(
      Map<Character, Kind> shortOptions,
      Map<String, Kind> longOptions,
      boolean bundles,
      boolean abbreviates,
      String[] flagPrefixes) {
    this.shortOptions = shortOptions;
    this.longOptions = longOptions;
    this.bundles = bundles;
    this.abbreviates = abbreviates;
    this.flagPrefixes = flagPrefixes;
  }

  /** {@return whether several short options may share a word ({@code -IW}, {@code -ne})} */
  boolean bundles() {
    return bundles;
  }

  /** {@return what the short option {@code letter} is, or null for one the table does not know} */
  Kind shortOption(char letter) {
    return shortOptions.get(letter);
  }

  /**
   * {@return what a word that is one option ({@code --title}, node's {@code -pe}) is, or null for
   * one the table does not know; a getopt_long interpreter's unique abbreviation is its option's}
   */
  Kind wordOption(String name) {
    Kind kind = longOptions.get(name);
    if (kind != null || !abbreviates || !name.startsWith("--") || name.length() < 4) {
      return kind;
    }
    Kind only = null;
    for (Map.Entry<String, Kind> option : longOptions.entrySet()) {
      if (option.getKey().startsWith(name)) {
        if (only != null) {
          return null; // ambiguous: getopt_long refuses it
        }
        only = option.getValue();
      }
    }
    return only;
  }

  /** {@return the table of {@code language}} */
  static InterpreterOptions of(InlineLanguage language) {
    return switch (language) {
      case PYTHON -> PYTHON;
      case NODE -> NODE;
      case PERL -> PERL;
      case RUBY -> RUBY;
      case PHP -> PHP;
      case AWK -> AWK;
    };
  }

  private static final InterpreterOptions PYTHON =
      new Table()
          .shorts(Kind.FLAG, "bBdEhiIOPqsSuvVx?R3")
          .shorts(Kind.CODE, "c")
          .shorts(Kind.VALUE, "WX")
          .shorts(Kind.PROGRAM_FILE, "m")
          .longs(Kind.FLAG, "--help --version --help-env --help-xoptions --help-all")
          .longs(Kind.VALUE, "--check-hash-based-pycs")
          .build(true, false);

  private static final InterpreterOptions PERL =
      new Table()
          .shorts(Kind.FLAG, "acfnpsStTuUvwWXh")
          .shorts(Kind.CODE, "eE")
          .shorts(Kind.VALUE, "I")
          .shorts(Kind.ATTACHED, "iFxdDCmMV")
          .shorts(Kind.DIGITS, "l0")
          .longs(Kind.FLAG, "--help --version")
          .build(true, false);

  private static final InterpreterOptions RUBY =
      new Table()
          .shorts(Kind.FLAG, "acdlnpsSvwyhU")
          .shorts(Kind.CODE, "e")
          .shorts(Kind.VALUE, "IrCEX")
          .shorts(Kind.ATTACHED, "xKWTFi")
          .shorts(Kind.DIGITS, "0")
          .longs(
              Kind.FLAG,
              "--copyright --version --verbose --help --yjit --jit --rjit --disable-gems"
                  + " --disable-did_you_mean --disable-rubyopt --disable-all --enable-all"
                  + " --enable-frozen-string-literal --disable-frozen-string-literal")
          .longs(
              Kind.VALUE,
              "--enable --disable --encoding --external-encoding --internal-encoding --dump"
                  + " --backtrace-limit --crash-report --parser")
          .build(true, false);

  private static final InterpreterOptions PHP =
      new Table()
          .shorts(Kind.FLAG, "anehilmHsvwqC")
          .shorts(Kind.CODE, "rRBE")
          .shorts(Kind.VALUE, "cdzSt")
          .shorts(Kind.PROGRAM_FILE, "fF")
          .longs(
              Kind.FLAG,
              "--interactive --no-php-ini --profile-info --help --info --syntax-check --modules"
                  + " --hide-args --syntax-highlight --syntax-highlighting --strip --version --ini")
          .longs(Kind.CODE, "--run --process-begin --process-code --process-end")
          .longs(
              Kind.VALUE,
              "--php-ini --define --zend-extension --server --docroot --rf --rc --re --rz --ri"
                  + " --rfunction --rclass --rextension --rzendextension --rextinfo")
          .longs(Kind.PROGRAM_FILE, "--file --process-file")
          .build(true, false);

  /** node's (and bun's, deno's) options: a word is one option, whole. */
  private static final InterpreterOptions NODE =
      new Table()
          .longs(Kind.CODE, "-e --eval -p --print -pe -ep")
          .longs(
              Kind.VALUE,
              "-r --require --import --loader --experimental-loader -C --conditions --title"
                  + " --input-type --inspect-port --debug-port --env-file --env-file-if-exists"
                  + " --openssl-config --redirect-warnings --icu-data-dir --diagnostic-dir"
                  + " --report-dir --report-directory --report-filename --report-signal"
                  + " --heapsnapshot-signal --heapsnapshot-near-heap-limit --cpu-prof-dir"
                  + " --cpu-prof-name --cpu-prof-interval --heap-prof-dir --heap-prof-name"
                  + " --heap-prof-interval --unhandled-rejections --dns-result-order"
                  + " --disable-warning --watch-path --test-reporter --test-reporter-destination"
                  + " --test-name-pattern --test-skip-pattern --test-concurrency --test-shard"
                  + " --experimental-policy --policy-integrity --secure-heap --secure-heap-min"
                  + " --tls-keylog --tls-cipher-list --use-largepages --run --experimental-config-file"
                  + " --localstorage-file --trace-event-categories --trace-event-file-pattern"
                  + " --snapshot-blob --experimental-sea-config --experimental-default-type"
                  + " --experimental-specifier-resolution --es-module-specifier-resolution"
                  + " --disable-proto --inspect-publish-uid --max-http-header-size --stack-size"
                  + " --max-old-space-size --max-semi-space-size --cwd --preload --config")
          .longs(
              Kind.FLAG,
              "-c --check -i --interactive -v --version -h --help --inspect --inspect-brk"
                  + " --inspect-wait --test --watch --watch-preserve-output --prof --cpu-prof"
                  + " --heap-prof --jitless --harmony --pending-deprecation --throw-deprecation"
                  + " --frozen-intrinsics --abort-on-uncaught-exception --preserve-symlinks"
                  + " --preserve-symlinks-main --zero-fill-buffers --use-openssl-ca"
                  + " --use-bundled-ca --openssl-legacy-provider --force-fips --enable-fips"
                  + " --insecure-http-parser --permission --allow-natives-syntax"
                  + " --completion-bash --v8-options --interpreted-frames-native-stack"
                  + " --node-memory-debug --report-on-fatalerror --report-uncaught-exception"
                  + " --report-on-signal --report-compact --silent --bun --hot --smol")
          .prefixedFlags(
              "--no-", "--experimental-", "--trace-", "--expose-", "--enable-", "--perf-")
          .build(false, false);

  private static final InterpreterOptions AWK =
      new Table()
          .shorts(Kind.FLAG, "bcCghIkMNnOPrsStVYz")
          .shorts(Kind.CODE, "e")
          .shorts(Kind.VALUE, "FvilW")
          .shorts(Kind.ATTACHED, "dDopL")
          .shorts(Kind.SOURCE_FILE, "f")
          .shorts(Kind.PROGRAM_FILE, "E")
          .longs(
              Kind.FLAG,
              "--characters-as-bytes --traditional --compat --copyright --gen-pot --help --usage"
                  + " --lint-old --bignum --use-lc-numeric --non-decimal-data --optimize --posix"
                  + " --re-interval --no-optimize --sandbox --csv --version --persist --trace")
          .longs(Kind.CODE, "--source")
          .longs(Kind.VALUE, "--field-separator --assign --include --load")
          .longs(Kind.ATTACHED, "--dump-variables --debug --profile --pretty-print --lint")
          .longs(Kind.SOURCE_FILE, "--file")
          .longs(Kind.PROGRAM_FILE, "--exec")
          .build(true, true);

  /** {@return whether a long option no table names is a flag by its family ({@code --no-…})} */
  boolean flagByPrefix(String name) {
    for (String prefix : flagPrefixes) {
      if (name.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  /** A table being written. */
  private static final class Table {
    private final Map<Character, Kind> shorts = new HashMap<>();
    private final Map<String, Kind> longs = new HashMap<>();
    private String[] prefixes = {};

    Table shorts(Kind kind, String letters) {
      for (char letter : letters.toCharArray()) {
        shorts.put(letter, kind);
      }
      return this;
    }

    Table longs(Kind kind, String names) {
      for (String name : names.trim().split("\\s+")) {
        longs.put(name, kind);
      }
      return this;
    }

    Table prefixedFlags(String... prefixes) {
      this.prefixes = prefixes;
      return this;
    }

    InterpreterOptions build(boolean bundles, boolean abbreviates) {
      return new InterpreterOptions(
          Map.copyOf(shorts), Map.copyOf(longs), bundles, abbreviates, prefixes);
    }
  }
}
