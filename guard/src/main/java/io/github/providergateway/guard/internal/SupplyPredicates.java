package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the book's supply-chain and exposure rules ask in code (issue 80): a package index that is
 * not a registry, beside it or over plain http ({@code index-untrusted}), a package name made to
 * look like a well-known one ({@code homoglyph-package}, {@code near-miss-package}), git's hooks or
 * fsmonitor set for another repository ({@code hooks-set-elsewhere}), node loading a module from
 * outside the project ({@code node-loads-outside}), TLS verification turned off in a file ({@code
 * persists-tls-off}), a folder served to the network ({@code serves-to-network}), and a port opened
 * to the world by ssh or socat ({@code forwards-to-world}).
 */
final class SupplyPredicates {
  /** The package indexes that are the registries, or mirrors of them run by their projects. */
  private static final Set<String> REGISTRIES =
      NameSet.of(
          "pypi.org",
          "files.pythonhosted.org",
          "pypi.python.org",
          "download.pytorch.org",
          "pypi.nvidia.com",
          "pypi.ngc.nvidia.com",
          "data.pyg.org",
          "registry.npmjs.org",
          "registry.yarnpkg.com",
          "npm.pkg.github.com",
          "registry.npmmirror.com",
          "rubygems.org",
          "index.crates.io",
          "crates.io",
          "github.com",
          "localhost",
          "127.0.0.1",
          "[::1]");

  /** The options that name an index every package may come from. */
  private static final Set<String> REPLACING =
      NameSet.of("--index-url", "-i", "--registry", "--default-index", "--source", "--index");

  /** The options that add an index beside the registry (dependency confusion's door). */
  private static final Set<String> ADDING =
      NameSet.of("--extra-index-url", "--find-links", "-f", "--add-source", "--extra-index");

  /** The settings that load code into every later program of their kind. */
  private static final List<String> STARTUP_CODE =
      List.of(
          "NODE_OPTIONS=--require",
          "NODE_OPTIONS=\"--require",
          "NODE_OPTIONS='--require",
          "NODE_OPTIONS=\"-r",
          "NODE_OPTIONS='-r",
          "NODE_OPTIONS=--import",
          "NODE_OPTIONS=\"--import",
          "NODE_OPTIONS='--import",
          "NODE_OPTIONS=\"--loader",
          "NODE_OPTIONS=\"--experimental-loader",
          "PYTHONSTARTUP=",
          "LD_PRELOAD=",
          "BASH_ENV=",
          "PERL5OPT=",
          "RUBYOPT=",
          "JAVA_TOOL_OPTIONS=-javaagent",
          "JAVA_TOOL_OPTIONS=\"-javaagent");

  /** Where node's module loaders name a file. */
  private static final Set<String> NODE_LOADS =
      NameSet.of("-r", "--require", "--import", "--loader", "--experimental-loader", "--preload");

  /** The settings that turn TLS verification off, as a startup or config file writes them. */
  private static final List<String> TLS_OFF =
      List.of(
          "NODE_TLS_REJECT_UNAUTHORIZED=0",
          "NODE_TLS_REJECT_UNAUTHORIZED='0'",
          "NODE_TLS_REJECT_UNAUTHORIZED=\"0\"",
          "PYTHONHTTPSVERIFY=0",
          "GIT_SSL_NO_VERIFY=",
          "strict-ssl=false",
          "strict-ssl = false",
          "sslverify = false",
          "sslverify=false",
          "ssl_verify: false",
          "check_certificate = off",
          "check_certificate=off");

  private SupplyPredicates() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("index-untrusted", (scan, step, read) -> untrustedIndex(step));
    named.put(
        "homoglyph-package",
        (scan, step, read) -> {
          for (String name : packagesInstalled(step, read)) {
            if (foreignLetters(name)) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "near-miss-package",
        (scan, step, read) -> {
          for (String name : packagesInstalled(step, read)) {
            if (PackageNames.nearMiss(name)) {
              return true;
            }
          }
          return false;
        });
    named.put("hooks-set-elsewhere", SupplyPredicates::hooksSetElsewhere);
    named.put(
        "writes-other-hooks",
        PredicateGate.WRITES_FILE.around(
            (scan, step, read) -> {
              for (Access access : OwnAccesses.of(scan, step)) {
                Path path = access.target().path();
                if (access.kind() == Access.Kind.WRITE
                    && path != null
                    && path.toString().contains("/.git/hooks/")) {
                  Place place = scan.place(access.target());
                  if (place != Place.INSIDE && place != Place.PROJECT) {
                    return true;
                  }
                }
              }
              return false;
            }));
    named.put(
        "node-loads-outside",
        (scan, step, read) -> {
          List<Word> args = step.args();
          for (int i = 0; i < args.size(); i++) {
            String text = args.get(i).text();
            String value = null;
            if (NODE_LOADS.contains(text) && i + 1 < args.size()) {
              value = args.get(i + 1).text();
            } else if (text.startsWith("--require=")
                || text.startsWith("--import=")
                || text.startsWith("--loader=")
                || text.startsWith("--experimental-loader=")
                || text.startsWith("--preload=")) {
              value = text.substring(text.indexOf('=') + 1);
            }
            if (value != null && outsideProject(scan, step, value)) {
              return true;
            }
          }
          return false;
        });
    named.put("persists-tls-off", persists(TLS_OFF));
    named.put("persists-startup-code", persists(STARTUP_CODE));
    named.put(
        "persists-unsigned-source",
        persists(
            List.of(
                "trusted=yes",
                "allow-insecure=yes",
                "registry=http:",
                "registry = http:",
                "index-url=http:",
                "index-url = http:",
                "trusted-host=",
                "trusted-host =")));
    named.put("serves-to-network", PredicateGate.OPTION.around(SupplyPredicates::servesToNetwork));
    named.put(
        "grants-everyone",
        (scan, step, read) -> {
          boolean bucketAcl = false;
          for (Word word : step.args()) {
            String text = word.text();
            if (text.length() > 8192) {
              continue;
            }
            if (text.contains("allUsers")
                || text.contains("allAuthenticatedUsers")
                || text.contains("/groups/global/AllUsers")
                || text.contains("/groups/global/AuthenticatedUsers")
                || text.replace(" ", "").contains("\"Principal\":\"*\"")
                || text.replace(" ", "").contains("\"AWS\":\"*\"")) {
              return true;
            }
            bucketAcl |= text.equals("put-bucket-acl") || text.equals("create-bucket");
            if (bucketAcl
                && (text.equals("public-read")
                    || text.equals("public-read-write")
                    || text.equals("--acl=public-read")
                    || text.equals("--acl=public-read-write"))) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "forwards-to-world",
        (scan, step, read) -> {
          List<Word> args = step.args();
          if (step.program().equals("socat")) {
            boolean listens = false;
            boolean relays = false;
            for (Word word : args) {
              String text = word.text().toUpperCase(Locale.ROOT);
              listens |= text.matches("(?:TCP[46]?|UDP[46]?|OPENSSL|SSL)-LISTEN:.{0,200}");
              relays |= text.matches("(?:TCP[46]?|TCP-CONNECT|OPENSSL|SSL|UNIX-CONNECT):.{0,200}");
            }
            return listens && relays && !relaysToLoopback(args);
          }
          for (int i = 0; i < args.size(); i++) {
            String text = args.get(i).text();
            String forward = null;
            if (text.equals("-R") && i + 1 < args.size()) {
              forward = args.get(i + 1).text();
            } else if (text.startsWith("-R") && text.length() > 2) {
              forward = text.substring(2);
            }
            if (forward != null
                && (forward.startsWith("0.0.0.0:")
                    || forward.startsWith("*:")
                    || forward.startsWith(":")
                    || forward.startsWith("[::]:"))) {
              return true;
            }
            if (text.contains("GatewayPorts=yes") || text.contains("GatewayPorts yes")) {
              return true;
            }
          }
          return false;
        });
  }

  /**
   * A predicate: the program writes a file, and its words or here-document, or those of the program
   * piping into it, say one of these settings ({@code echo 'export NODE_TLS_REJECT_UNAUTHORIZED=0'
   * >> ~/.bashrc}).
   */
  private static Where.Predicate persists(List<String> settings) {
    // Lower-cased once, not once per text read.
    List<String> lowered =
        settings.stream().map(setting -> setting.toLowerCase(Locale.ROOT)).toList();
    // Most programs write nothing: the words are read only for a writer, whose gate opens.
    return PredicateGate.WRITES_FILE.around(
        (scan, step, read) -> {
          if (!PredicateGate.WRITES_FILE.passes(scan, step)) {
            return false; // the predicate holds alone too (PredicateGateTest asks it past its gate)
          }
          // Said by the writer or by the program just before it, piping in: echo '…' | sudo tee
          // file.
          List<Step> steps = scan.steps();
          int at = steps.indexOf(step);
          for (int i = Math.max(0, at - 1); i <= at; i++) {
            Step said = steps.get(i);
            if (MachinePredicates.anyArg(
                said, text -> text.length() < 4096 && mentions(text, settings, lowered))) {
              return true;
            }
            for (var redirect : said.invocation().redirects()) {
              String body = redirect.body();
              if (body != null && body.length() < 4096 && mentions(body, settings, lowered)) {
                return true;
              }
            }
          }
          return false;
        });
  }

  private static boolean mentions(String text, List<String> settings, List<String> lowered) {
    if (text.indexOf('=') < 0 && text.indexOf(':') < 0) {
      return false; // every setting is written name=value or name: value
    }
    String lower = text.toLowerCase(Locale.ROOT);
    for (int i = 0; i < settings.size(); i++) {
      String setting = settings.get(i);
      int at = lower.indexOf(lowered.get(i));
      if (at >= 0 && !(setting.endsWith("http:") && loopbackAt(lower, at + setting.length()))) {
        return true;
      }
    }
    return false;
  }

  /** Whether the URL after {@code http:} at {@code from} is this machine's: a local registry. */
  private static boolean loopbackAt(String text, int from) {
    return text.startsWith("//localhost", from)
        || text.startsWith("//127.", from)
        || text.startsWith("//[::1]", from);
  }

  /** Whether socat's connecting address is this machine: a local port re-served. */
  private static boolean relaysToLoopback(List<Word> args) {
    for (Word word : args) {
      String text = word.text().toLowerCase(Locale.ROOT);
      if (text.matches("(?:tcp[46]?|tcp-connect):(?:localhost|127\\.[0-9.]+|\\[::1\\]):.{0,20}")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the program installs from an index beside the registry that is not one, from any index
   * over plain http, or trusting a host without its certificate.
   */
  private static boolean untrustedIndex(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String option = text;
      String value = null;
      int equals = text.indexOf('=');
      if (text.startsWith("--") && equals > 0) {
        option = text.substring(0, equals);
        value = text.substring(equals + 1);
      } else if (i + 1 < args.size()) {
        value = args.get(i + 1).text();
      }
      if (option.equals("--trusted-host")) {
        return true;
      }
      boolean scoped = option.startsWith("--@") && option.endsWith(":registry");
      boolean replaces = REPLACING.contains(option) || scoped;
      boolean adds = ADDING.contains(option);
      if (value == null || !(replaces || adds)) {
        continue;
      }
      if (untrustedSource(value, adds)) {
        return true;
      }
    }
    return false;
  }

  /** {@return whether a package's name has a letter beyond ASCII: another alphabet's look-alike} */
  static boolean foreignLetters(String name) {
    for (int i = 0; i < name.length(); i++) {
      if (name.charAt(i) > 0x7e) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether an index URL given to an installer is untrusted: plain http to another machine, or (for
   * an index added beside the registry) a host that is no known registry.
   *
   * @param value the URL, or a folder of wheels or a name (then false)
   * @param adds whether the index is added beside the registry rather than replacing it
   */
  static boolean untrustedSource(String value, boolean adds) {
    String host = host(value);
    if (host == null) {
      return false; // a folder of wheels, a name
    }
    boolean plain = value.startsWith("http://") && !loopback(host);
    boolean known = REGISTRIES.contains(host) || host.endsWith(".localhost");
    return plain || adds && !known;
  }

  private static boolean loopback(String host) {
    return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]");
  }

  /** The host of an http(s) URL, lower case, or null. */
  private static String host(String url) {
    int scheme = url.indexOf("://");
    if (scheme < 0 || !url.startsWith("http")) {
      return null;
    }
    int from = scheme + 3;
    int at = url.indexOf('@', from);
    int slash = url.indexOf('/', from);
    if (at > 0 && (slash < 0 || at < slash)) {
      from = at + 1;
    }
    int end = from;
    while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != ':') {
      end++;
    }
    if (url.startsWith("[", from)) {
      end = url.indexOf(']', from) + 1;
    }
    return url.substring(from, Math.max(end, from)).toLowerCase(Locale.ROOT);
  }

  /** The names of the packages the program installs, versions taken off. */
  private static List<String> packagesInstalled(Step step, Where.Read read) {
    List<String> names = new java.util.ArrayList<>();
    List<Word> args = read.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (text.startsWith("-")) {
        if (REPLACING.contains(text)
            || ADDING.contains(text)
            || text.equals("-r")
            || text.equals("--requirement")
            || text.equals("-c")
            || text.equals("--constraint")
            || text.equals("-e")
            || text.equals("--editable")
            || text.equals("--target")
            || text.equals("-t")
            || text.equals("--prefix")
            || text.equals("--trusted-host")) {
          i++;
        }
        continue;
      }
      if (text.contains("/") || text.contains(":") || text.startsWith(".")) {
        continue; // a path, a URL, a git spec: other rules read those
      }
      String name = text;
      int version = name.length();
      for (String sep : List.of("==", ">=", "<=", "~=", "!=", "<", ">", "[", ";")) {
        int at = name.indexOf(sep);
        if (at > 0) {
          version = Math.min(version, at);
        }
      }
      int at = name.indexOf('@', 1);
      if (at > 0) {
        version = Math.min(version, at);
      }
      names.add(name.substring(0, version));
    }
    return names;
  }

  /** git config core.hooksPath or core.fsmonitor, for a repository that is not the project's. */
  private static boolean hooksSetElsewhere(Scan scan, Step step, Where.Read read) {
    if (!read.subcommand().equals("config")) {
      return false;
    }
    List<Word> args = read.args();
    for (int i = 0; i < args.size(); i++) {
      String key = args.get(i).text().toLowerCase(Locale.ROOT);
      String value = i + 1 < args.size() ? args.get(i + 1).text() : null;
      int equals = key.indexOf('=');
      if (equals > 0) {
        value = args.get(i).text().substring(equals + 1);
        key = key.substring(0, equals);
      }
      if (key.equals("core.fsmonitor")
          && value != null
          && !value.equals("false")
          && !value.equals("true")) {
        return true; // a program git runs at every status
      }
      if (!key.equals("core.hookspath")) {
        continue;
      }
      if (value != null && !value.startsWith("-") && outsideProject(scan, step, value)) {
        return true;
      }
      List<Word> all = step.args();
      for (int j = 0; j + 1 < all.size(); j++) {
        String option = all.get(j).text();
        if ((option.equals("-C")
                || option.equals("--git-dir")
                || option.equals("--work-tree")
                || option.equals("--file")
                || option.equals("-f"))
            && outsideProject(scan, step, all.get(j + 1).text())) {
          return true;
        }
      }
      for (Path cwd : step.cwds()) {
        Path project = scan.places().project();
        if (cwd != null && project != null && !cwd.startsWith(project)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether a path, as the program is given it, names a place outside the session's project. */
  private static boolean outsideProject(Scan scan, Step step, String text) {
    Path project = scan.places().project();
    if (project == null || text.isEmpty() || text.contains("$")) {
      return false;
    }
    Path path;
    if (text.startsWith("~")) {
      path = scan.places().home().resolve(text.substring(Math.min(2, text.length())));
    } else if (text.startsWith("/")) {
      path = Path.of(text);
    } else if (text.startsWith(".")) {
      Path cwd = step.cwds().isEmpty() ? null : step.cwds().get(0);
      if (cwd == null) {
        return false;
      }
      path = cwd.resolve(text);
    } else {
      return false; // a module's name: node -r ts-node/register
    }
    return !path.normalize().startsWith(project);
  }

  /**
   * python -m http.server serving to every interface the project's root, the home, / or, since
   * decision 318, a folder named outside the project and the temporary folders ({@code --directory
   * /mnt/shared/Clients}, {@code -d ~/Documents}): whatever the person keeps there, a shared
   * mount's records with it, is handed to anyone on the network, without a password.
   */
  private static boolean servesToNetwork(Scan scan, Step step, Where.Read read) {
    List<Word> args = step.args();
    boolean server = false;
    String bind = null;
    String folder = null;
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text() : null;
      if (text.equals("-m") && ("http.server".equals(next) || "SimpleHTTPServer".equals(next))) {
        server = true;
      } else if ((text.equals("-b") || text.equals("--bind")) && next != null) {
        bind = next;
      } else if (text.startsWith("--bind=")) {
        bind = text.substring(7);
      } else if ((text.equals("-d") || text.equals("--directory")) && next != null) {
        folder = next;
      } else if (text.startsWith("--directory=")) {
        folder = text.substring(12);
      }
    }
    if (!server
        || bind != null
            && (bind.startsWith("127.") || bind.equals("localhost") || bind.equals("::1"))) {
      return false;
    }
    Path project = scan.places().project();
    Path home = scan.places().home();
    for (Path cwd : step.cwds()) {
      if (cwd == null) {
        continue;
      }
      Path served =
          folder == null
              ? cwd
              : folder.startsWith("~")
                  ? home.resolve(folder.substring(Math.min(2, folder.length())))
                  : cwd.resolve(folder).normalize();
      if (served.equals(project)
          || served.equals(home)
          || served.getNameCount() == 0
          || home.startsWith(served)
          || project != null && project.startsWith(served)
          || elsewhere(scan, served)) { // a folder given, or one the command went into
        return true;
      }
    }
    return false;
  }

  /** A folder served that is neither the project's nor a temporary one. */
  private static boolean elsewhere(Scan scan, Path served) {
    Path project = scan.places().project();
    return !(project != null && served.startsWith(project)) && !scan.places().inTempFolder(served);
  }
}
