package io.github.providergateway.guard;

import io.github.providergateway.guard.internal.Hosts;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * Git remotes' URLs and hosts as the flow rules compare them (docs/guard.md, "Sending data out"):
 * which host a remote is on, whether two URLs name one repository, which hosts are this machine and
 * which are the public package registries.
 */
final class RemoteUrls {

  /**
   * The public package registries: a request to them is the project's own work, not sending data
   * out. Publishing to them is (a {@link Sending.Kind#PUBLISH} is always out).
   */
  static final Set<String> REGISTRIES =
      NameSet.of(
          "registry.npmjs.org",
          "registry.yarnpkg.com",
          "pypi.org",
          "files.pythonhosted.org",
          "repo.maven.apache.org",
          "repo1.maven.org",
          "plugins.gradle.org",
          "crates.io",
          "index.crates.io",
          "static.crates.io",
          "rubygems.org",
          "proxy.golang.org",
          "sum.golang.org",
          "registry-1.docker.io",
          "api.nuget.org");

  private RemoteUrls() {}

  /**
   * {@return whether {@code host} is this machine: {@code localhost}, {@code 127.x}, {@code ::1},
   * {@code 0.0.0.0}}
   *
   * @param host a host name, lower case
   */
  static boolean loopback(String host) {
    return Hosts.loopback(host);
  }

  /**
   * The host of a git remote's URL ({@code https://github.com/a/b.git}, {@code
   * git@github.com:a/b.git}, {@code ssh://git@host:22/a/b}), or {@code null}.
   *
   * @param url the URL
   * @return its host, lower case, or null
   */
  static String hostOf(String url) {
    return Hosts.remote(url);
  }

  /** Whether two remote URLs name one repository: same host and same path, {@code .git} aside. */
  static boolean sameRepository(String a, String b) {
    String hostA = hostOf(a);
    return hostA != null && hostA.equals(hostOf(b)) && repoPath(a).equals(repoPath(b));
  }

  /** The path of a remote's URL, lower case, without {@code .git}: the repository it names. */
  static String repoPath(String url) {
    String rest = url;
    int scheme = rest.indexOf("://");
    if (scheme >= 0) {
      rest = rest.substring(scheme + 3);
      int slash = rest.indexOf('/');
      rest = slash >= 0 ? rest.substring(slash + 1) : "";
    } else {
      rest = rest.substring(rest.indexOf(':') + 1);
    }
    rest = rest.toLowerCase(Locale.ROOT);
    while (rest.endsWith("/")) {
      rest = rest.substring(0, rest.length() - 1);
    }
    return rest.endsWith(".git") ? rest.substring(0, rest.length() - 4) : rest;
  }
}
