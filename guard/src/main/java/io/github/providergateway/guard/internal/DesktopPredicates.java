package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book asks in code about a person's own machine (decision 228): a duplicate finder's
 * deletion script run ({@code runs-rmlint-script}), a Flatpak app's sandbox lifted ({@code
 * flatpak-lifts-sandbox}), a router's port mapped by UPnP from code ({@code maps-router-port}), a
 * browser's debugging port opened to the network ({@code debugging-open-to-network}), an OpenPGP
 * card reset by the commands fed to {@code gpg --card-edit} ({@code card-factory-reset}) and a
 * key's passphrase set to a random value nobody keeps ({@code passphrase-randomised}).
 */
final class DesktopPredicates {
  private DesktopPredicates() {}

  /** The script rmlint writes, whose run deletes what it found: {@code rmlint.sh}. */
  private static final Pattern RMLINT_SCRIPT = Pattern.compile("rmlint[\\w.-]{0,40}\\.sh");

  /** The shells that run a script named as their first argument. */
  private static final Set<String> SHELLS = NameSet.of("sh", "bash", "dash", "zsh", "ksh");

  /** A Flatpak filesystem grant that opens the home, the host or a dot folder of the home. */
  private static final Pattern WHOLE_FILESYSTEM =
      Pattern.compile(
          "host|host-os|host-etc|home|~/?|/|/home/?|\\$HOME/?|/home/[^/]{1,64}/?"
              + "|(?:~|\\$HOME|/home/[^/]{1,64})/\\.[^/]{1,64}(?:/.{0,200})?");

  /** The bus names that give an app the person's secrets or a way out of its sandbox. */
  private static final Pattern SECRET_BUS =
      Pattern.compile(
          "\\*|org\\.freedesktop\\.(?:secrets|Flatpak|impl\\.portal\\.Secret)(?:\\..*)?"
              + "|org\\.kde\\.kwalletd\\d?(?:\\..*)?|org\\.gnome\\.keyring(?:\\..*)?");

  /** The sockets that give an app the whole session or the system's bus. */
  private static final Set<String> WHOLE_BUS = NameSet.of("system-bus", "session-bus");

  /** A UPnP port mapping asked of the router: miniupnpc's, node's nat-upnp's, a SOAP action. */
  private static final Pattern PORT_MAPPING =
      Pattern.compile("(?i)add_?port_?mapping|\\.portmapping\\s*\\(");

  /**
   * What every match of {@link #PORT_MAPPING} holds, with no blank: a program's words joined hold a
   * match only where one of them holds this.
   */
  private static final Pattern MAPPING = Pattern.compile("(?i)mapping");

  private static boolean anyWordMapping(List<String> args) {
    for (int i = 0; i < args.size(); i++) { // indexed: asked of every program of a long command
      if (PatternLiterals.mayFind(MAPPING, args.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** The addresses of this machine alone, where a debugging port is no one else's. */
  private static final Set<String> LOOPBACK = NameSet.of("127.0.0.1", "localhost", "::1", "[::1]");

  /** A command that sets a key's or a repository's new passphrase. */
  private static final Pattern SETS_PASSPHRASE =
      Pattern.compile(
          "\\bssh-keygen\\b[^\\n;|&]{0,200}\\s-p\\b|\\bBORG_NEW_PASSPHRASE="
              + "|\\bkey\\s+(?:change-passphrase|passwd)\\b|--new-password-file"
              + "|\\bluks(?:ChangeKey|AddKey)\\b|\\bgocryptfs\\b[^\\n;|&]{0,200}-passwd\\b");

  /** A random value made in the command: {@code $(openssl rand …)}, {@code /dev/urandom}. */
  private static final Pattern RANDOM_VALUE =
      Pattern.compile(
          "[$<]\\(\\s*(?:openssl\\s+rand|pwgen|xkcdpass|uuidgen|gpg2?\\s+--gen-random"
              + "|[^)]{0,80}/dev/u?random|python3?\\s[^)]{0,80}\\bsecrets\\.)");

  /** Where a value made in the command is kept for the person: a password manager, a file. */
  private static final Pattern KEPT =
      Pattern.compile(
          "\\bpass\\s+insert\\b|\\bgopass\\s+insert\\b|\\bsecret-tool\\s+store\\b|\\btee\\b"
              + "|\\bkeepassxc-cli\\s+add\\b|\\bop\\s+item\\s+create\\b|\\bbw\\s+create\\b");

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "runs-rmlint-script",
        new ProgramNames( // rmlint's script, or a shell handed one: tried on no other program
            name -> PatternLiterals.matches(RMLINT_SCRIPT, name) || SHELLS.contains(name),
            (scan, step, read) -> runsRmlintScript(step.invocation().args(), step.program())));
    named.put(
        "flatpak-lifts-sandbox", (scan, step, read) -> liftsSandbox(step.invocation().args()));
    named.put(
        "maps-router-port",
        (scan, step, read) -> {
          String code = InterpreterCode.of(step);
          if (code == null && !anyWordMapping(step.invocation().args())) {
            return false; // no word holds what every match holds: no words joined
          }
          String text = code != null ? code : String.join(" ", step.invocation().args());
          return text.length() <= CopiesSettings.MAX_TEXT
              && PatternLiterals.finds(PORT_MAPPING, text);
        });
    named.put(
        "card-factory-reset",
        (scan, step, read) ->
            step.invocation().args().contains("--card-edit")
                && CopiesPredicates.fed(scan, step).contains("factory-reset"));
    named.put(
        "debugging-open-to-network", (scan, step, read) -> debuggingOpen(step.invocation().args()));
  }

  /** Adds the call's predicates under their names. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "passphrase-randomised",
        CallClues.of(SETS_PASSPHRASE).around(scan -> passphraseRandomised(scan.source())));
  }

  /**
   * Whether the program runs rmlint's script without its dry run ({@code -n}): the script itself,
   * or a shell handed it.
   */
  static boolean runsRmlintScript(List<String> args, String program) {
    boolean script = PatternLiterals.matches(RMLINT_SCRIPT, program);
    int from = 0;
    if (!script && SHELLS.contains(program) && !args.isEmpty()) {
      String first = args.get(0);
      script = PatternLiterals.matches(RMLINT_SCRIPT, first.substring(first.lastIndexOf('/') + 1));
      from = 1;
    }
    return script && !args.subList(from, args.size()).contains("-n");
  }

  /** Whether a Flatpak override or run grants what lifts the app's sandbox. */
  static boolean liftsSandbox(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      String filesystem = valueOf(a, next, "--filesystem");
      String bus = valueOf(a, next, "--talk-name");
      String socket = valueOf(a, next, "--socket");
      if (filesystem != null
              && WHOLE_FILESYSTEM
                  .matcher(filesystem.replaceFirst(":(?:ro|rw|create)$", ""))
                  .matches()
          || bus != null && PatternLiterals.matches(SECRET_BUS, bus)
          || socket != null && WHOLE_BUS.contains(socket)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a browser's debugging port listens on an address other than this machine's. */
  static boolean debuggingOpen(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String next = i + 1 < args.size() ? args.get(i + 1) : "";
      String address = valueOf(args.get(i), next, "--remote-debugging-address");
      if (address != null && !LOOPBACK.contains(address.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }

  /**
   * What sets a new passphrase to a random value made in the command and kept nowhere, or {@code
   * null}.
   */
  static String passphraseRandomised(String source) {
    if (source == null || source.length() > CopiesSettings.MAX_TEXT) {
      return null;
    }
    if (!PatternLiterals.finds(SETS_PASSPHRASE, source) || PatternLiterals.finds(KEPT, source)) {
      return null;
    }
    var random = PatternLiterals.matcher(RANDOM_VALUE, source);
    return random.find()
        ? "a new passphrase from `" + random.group().trim() + "…` that nobody keeps"
        : null;
  }

  /** The value of {@code --name=value} or {@code --name value}, or {@code null}. */
  private static String valueOf(String arg, String next, String name) {
    if (arg.startsWith(name + "=")) {
      return arg.substring(name.length() + 1);
    }
    return arg.equals(name) ? next : null;
  }
}
