package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Package managers told, for every later install of the user or the machine, to fetch packages from
 * another host ({@code persist.package-source}): npm's, pnpm's and yarn's registry, pip's index,
 * gem's sources, bundler's mirrors, Go's module proxy and checksum database. Whatever that host
 * serves runs as code at every later install, in every project, long after the session. Set for one
 * project (npm's {@code --location=project}, pip's {@code --site}, yarn's default), to the tool's
 * own public host, or to this machine ({@code localhost}), it is not read as one.
 */
final class PackageSources {
  /** npm's, pnpm's and yarn's public registries. */
  private static final Set<String> NPM_HOSTS =
      NameSet.of("registry.npmjs.org", "registry.yarnpkg.com", "npm.pkg.github.com");

  /** PyPI's hosts, and PyTorch's wheel index, the one extra index most setups name. */
  private static final Set<String> PYPI_HOSTS =
      NameSet.of("pypi.org", "pypi.python.org", "files.pythonhosted.org", "download.pytorch.org");

  private static final Set<String> GEM_HOSTS = NameSet.of("rubygems.org", "index.rubygems.org");

  private PackageSources() {}

  /**
   * Whether the program sets another host as a package source for the user or the machine.
   *
   * @param step the program
   * @return whether it does
   */
  /** The package managers {@link #setsGlobally} reads, besides {@code python -m pip}. */
  private static final Set<String> MANAGERS =
      NameSet.of("npm", "pnpm", "yarn", "pip", "pip3", "gem", "bundle", "go");

  /** {@return whether {@link #setsGlobally} may hold of a program of this name} */
  static boolean setsByName(String program) {
    return MANAGERS.contains(program) || program.startsWith("python");
  }

  static boolean setsGlobally(Step step) {
    String program = step.program();
    List<String> args = step.invocation().args();
    return switch (program) {
      case "npm", "pnpm" -> npm(args, program.equals("npm"));
      case "yarn" -> yarn(args);
      case "pip", "pip3" -> pip(args);
      case "gem" -> gem(args);
      case "bundle" -> bundle(args);
      case "go" -> go(args);
      default ->
          program.startsWith("python")
              && args.size() > 2
              && args.get(0).equals("-m")
              && (args.get(1).equals("pip") || args.get(1).equals("pip3"))
              && pip(args.subList(2, args.size()));
    };
  }

  /**
   * {@code npm config set registry URL} (or {@code @scope:registry}, {@code key=value}, {@code npm
   * set}): the user's {@code ~/.npmrc} unless {@code --location=project}.
   */
  private static boolean npm(List<String> args, boolean npm) {
    int set = args.indexOf("set");
    if (set < 0 || set > 0 && !args.get(0).equals("config") && !args.get(0).equals("c")) {
      return false;
    }
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      String location =
          a.startsWith("--location=")
              ? a.substring(11)
              : (a.equals("--location") || a.equals("-L")) && i + 1 < args.size()
                  ? args.get(i + 1)
                  : null;
      if ("project".equals(location)) {
        return false;
      }
    }
    return pairs(args.subList(set + 1, args.size()), NPM_HOSTS, PackageSources::registryKey);
  }

  private static boolean registryKey(String key) {
    return key.equals("registry") || key.endsWith(":registry");
  }

  /**
   * yarn 1's {@code yarn config set registry URL} writes the user's {@code ~/.yarnrc}; yarn 2's
   * {@code npmRegistryServer} goes into the project's {@code .yarnrc.yml} unless {@code -H}.
   */
  private static boolean yarn(List<String> args) {
    if (args.size() < 3 || !args.get(0).equals("config") || !args.get(1).equals("set")) {
      return false;
    }
    String key = args.get(2);
    boolean home = args.contains("-H") || args.contains("--home");
    boolean registry =
        key.equals("registry") || key.endsWith(":registry")
            ? true
            : home && key.endsWith("npmRegistryServer");
    return registry && args.size() > 3 && !allowed(args.get(3), NPM_HOSTS);
  }

  /** {@code pip config set global.index-url URL}: the user's pip.conf, or the machine's. */
  private static boolean pip(List<String> args) {
    int set = args.indexOf("set");
    if (set < 1 || !args.contains("config") || args.contains("--site")) {
      return false;
    }
    return pairs(
        args.subList(set + 1, args.size()),
        PYPI_HOSTS,
        key -> key.endsWith("index-url") || key.endsWith("find-links"));
  }

  /** {@code gem sources --add URL}: the user's {@code ~/.gemrc}. */
  private static boolean gem(List<String> args) {
    if (args.isEmpty() || !args.get(0).equals("sources")) {
      return false;
    }
    for (int i = 1; i + 1 < args.size(); i++) {
      if ((args.get(i).equals("--add") || args.get(i).equals("-a"))
          && !allowed(args.get(i + 1), GEM_HOSTS)) {
        return true;
      }
    }
    return false;
  }

  /** {@code bundle config set mirror.https://rubygems.org URL}, unless {@code --local}. */
  private static boolean bundle(List<String> args) {
    if (args.isEmpty() || !args.get(0).equals("config") || args.contains("--local")) {
      return false;
    }
    for (int i = 1; i + 1 < args.size(); i++) {
      if (args.get(i).startsWith("mirror.") && !allowed(args.get(i + 1), GEM_HOSTS)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code go env -w GOPROXY=…}: the user's Go environment file. A proxy other than Go's own (or
   * {@code direct}), the checksum database turned off or changed, or modules fetched without TLS.
   */
  private static boolean go(List<String> args) {
    if (args.size() < 3 || !args.get(0).equals("env") || !args.contains("-w")) {
      return false;
    }
    for (String a : args) {
      int eq = a.indexOf('=');
      if (eq < 0) {
        continue;
      }
      String key = a.substring(0, eq);
      String value = a.substring(eq + 1);
      switch (key) {
        case "GOPROXY" -> {
          for (String proxy : value.split("[,|]")) {
            if (!proxy.equals("direct")
                && !proxy.equals("off")
                && !allowed(proxy, Set.of("proxy.golang.org"))) {
              return true;
            }
          }
        }
        case "GOSUMDB" -> {
          if (!value.startsWith("sum.golang.org")) {
            return true;
          }
        }
        case "GOINSECURE" -> {
          if (!value.isEmpty()) {
            return true;
          }
        }
        case "GOFLAGS" -> {
          if (value.contains("-insecure")) {
            return true;
          }
        }
        default -> {}
      }
    }
    return false;
  }

  /** Keys that name a package source. */
  private interface SourceKey {
    boolean is(String key);
  }

  /** Whether {@code key value} or {@code key=value} pairs set a source key to another host. */
  private static boolean pairs(List<String> words, Set<String> hosts, SourceKey source) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith("-")) {
        continue;
      }
      int eq = w.indexOf('=');
      String key = eq < 0 ? w : w.substring(0, eq);
      String value = eq >= 0 ? w.substring(eq + 1) : i + 1 < words.size() ? words.get(++i) : "";
      if (source.is(key) && !allowed(value, hosts)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a URL's host is one of the tool's own, or this machine. */
  private static boolean allowed(String url, Set<String> hosts) {
    String host = host(url);
    return hosts.contains(host)
        || host.equals("localhost")
        || host.startsWith("127.")
        || host.equals("[::1]");
  }

  /**
   * The host of a URL ({@code https://user:pw@host:8080/path}), lower case; of a bare host, itself.
   *
   * @param url the URL
   * @return its host
   */
  static String host(String url) {
    String u = url;
    int scheme = u.indexOf("://");
    if (scheme >= 0) {
      u = u.substring(scheme + 3);
    }
    int slash = u.indexOf('/');
    if (slash >= 0) {
      u = u.substring(0, slash);
    }
    int at = u.lastIndexOf('@');
    if (at >= 0) {
      u = u.substring(at + 1);
    }
    if (!u.startsWith("[")) {
      int colon = u.indexOf(':');
      if (colon >= 0) {
        u = u.substring(0, colon);
      }
    }
    return u.toLowerCase(Locale.ROOT);
  }
}
