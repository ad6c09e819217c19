package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the book's machine, exposure and access rules ask of the files a program writes whose place
 * is the harm (issue 80): the magic SysRq files ({@code writes-sysrq}), name resolution pointed
 * elsewhere ({@code writes-name-resolution}, {@code code-writes-name-resolution}), the trust store,
 * the accounts and the login manager's files, the shell's history changed, and the browsers' and
 * the network manager's saved secrets read ({@code reads-saved-secrets}). Split from {@link
 * MachinePredicates}, whose helpers it shares.
 */
final class SystemFileWrites {
  /** Inline code that writes the hosts or resolver file. */
  private static final Pattern CODE_WRITES_HOSTS =
      Pattern.compile(
          "(?:open|writeFileSync|appendFileSync|File\\.(?:open|write))\\s*\\(\\s*['\"]"
              + "/etc/(?:hosts|resolv\\.conf)['\"]\\s*(?:,\\s*['\"][wa+]|,\\s*[^)]{0,80}\\))");

  /** The browsers' and the network manager's saved secrets, as a program is given them. */
  private static final Pattern SAVED_SECRETS =
      Pattern.compile(
          "(?:\\.mozilla/firefox/|google-chrome/|chromium/|BraveSoftware/|microsoft-edge/|"
              + "\\.librewolf/|vivaldi/|Firefox/Profiles/|Google/Chrome/|Chromium/|opera/|"
              + "com\\.operasoftware\\.Opera/|Microsoft Edge/|qutebrowser/|epiphany/|Library/Safari/)"
              + "[^ ]{0,200}?(?:cookies\\.sqlite|places\\.sqlite|logins\\.json|"
              + "key[34]\\.db|formhistory\\.sqlite|Cookies|Login Data|History|Web Data|"
              + "history\\.sqlite|ephy-history\\.db|cookies\\.db)"
              + "|Library/Cookies/Cookies\\.binarycookies"
              + "|802-11-wireless-security\\.psk|wifi-sec\\.psk|802-1x\\.password");

  /** An IPv4 address, or an IPv6 one with at least two groups. */
  private static final Pattern ADDRESS =
      Pattern.compile(
          "\\b(?:[0-9]{1,3}\\.){3}[0-9]{1,3}\\b|\\b[0-9a-fA-F]{1,4}:[0-9a-fA-F]{0,4}:[0-9a-fA-F:]{1,30}");

  private SystemFileWrites() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "writes-sysrq",
        writes(Set.of("/proc/sysrq-trigger", "/proc/sys/kernel/sysrq"), List.of(), false));
    Where.Predicate resolvers =
        writes(
            Set.of("/etc/resolv.conf", "/etc/nsswitch.conf", "/etc/host.conf"),
            List.of("/etc/systemd/resolved.conf", "/etc/NetworkManager/dnsmasq.d/"),
            true);
    Where.Predicate hosts = writes(Set.of("/etc/hosts"), List.of(), true);
    named.put(
        "writes-name-resolution",
        PredicateGate.CHANGES_FILE.around(
            (scan, step, read) ->
                resolvers.test(scan, step, read)
                    || hosts.test(scan, step, read) && namesForeignAddress(scan)));
    named.put(
        "writes-trust-store",
        writes(
            Set.of("/etc/ca-certificates.conf"),
            List.of(
                "/usr/local/share/ca-certificates/",
                "/usr/share/ca-certificates/",
                "/etc/ssl/certs/",
                "/etc/pki/ca-trust/source/",
                "/etc/pki/tls/certs/",
                "/etc/ca-certificates/trust-source/"),
            false));
    named.put(
        "writes-accounts",
        writes(
            Set.of(
                "/etc/sudoers",
                "/etc/passwd",
                "/etc/shadow",
                "/etc/group",
                "/etc/gshadow",
                "/etc/doas.conf"),
            List.of("/etc/sudoers.d/", "/etc/polkit-1/rules.d/", "/etc/security/"),
            false));
    named.put(
        "writes-login-manager",
        writes(
            Set.of(
                "/etc/gdm3/custom.conf",
                "/etc/gdm/custom.conf",
                "/etc/lightdm/lightdm.conf",
                "/etc/sddm.conf"),
            List.of("/etc/lightdm/lightdm.conf.d/", "/etc/sddm.conf.d/", "/etc/gdm3/daemon.conf"),
            false));
    named.put(
        "changes-shell-history",
        PredicateGate.CHANGES_FILE.around(
            (scan, step, read) -> {
              Path home = scan.places().home();
              for (Access access : OwnAccesses.of(scan, step)) {
                Path path = access.target().path();
                if (access.changes()
                    && path != null
                    && path.startsWith(home)
                    && isHistory(access.target().name())) {
                  return true;
                }
              }
              return false;
            }));
    named.put(
        "code-writes-name-resolution",
        PredicateGate.INTERPRETER.around(
            (scan, step, read) ->
                MachinePredicates.codeMatches(step, CODE_WRITES_HOSTS)
                    && namesForeignAddress(scan)));
    named.put(
        "reads-saved-secrets",
        (scan, step, read) -> {
          if (MachinePredicates.anyArg(
              step,
              text ->
                  text.length() < 1000
                      && (text.indexOf('/') >= 0 || text.indexOf(".p") >= 0)
                      && PatternLiterals.finds(SAVED_SECRETS, text))) {
            return true;
          }
          for (Access access : OwnAccesses.of(scan, step)) {
            Path path = access.target().path();
            if (path != null && path.startsWith("/etc/NetworkManager/system-connections")) {
              return true;
            }
          }
          return false;
        });
  }

  /** A predicate: the program writes (or deletes, with {@code deletes}) one of these files. */
  private static Where.Predicate writes(Set<String> exact, List<String> under, boolean deletes) {
    return PredicateGate.CHANGES_FILE.around(
        (scan, step, read) -> {
          List<Access> own = OwnAccesses.of(scan, step);
          for (int i = 0; i < own.size(); i++) { // indexed: asked of every writer of a long command
            Access access = own.get(i);
            if (access.kind() == Access.Kind.READ
                || access.kind() == Access.Kind.DELETE && !deletes
                || access.metadataOnly()) {
              continue;
            }
            Path path = access.target().path();
            if (path == null) {
              continue;
            }
            String text = path.toString();
            if (exact.contains(text)) {
              return true;
            }
            for (int k = 0; k < under.size(); k++) {
              String folder = under.get(k);
              if (text.startsWith(folder) || isFolderOf(text, folder)) {
                return true;
              }
            }
          }
          return false;
        });
  }

  /** Whether a folder's name, ending in a slash, is a path's with one ({@code text + "/"}). */
  private static boolean isFolderOf(String text, String folder) {
    return folder.length() == text.length() + 1
        && folder.charAt(text.length()) == '/'
        && folder.startsWith(text);
  }

  private static boolean isHistory(String name) {
    return name.equals(".bash_history")
        || name.equals(".zsh_history")
        || name.equals(".zhistory")
        || name.equals(".sh_history")
        || name.equals(".history")
        || name.equals(".python_history")
        || name.equals(".node_repl_history")
        || name.equals(".psql_history")
        || name.equals(".mysql_history")
        || name.equals(".sqlite_history")
        || name.equals(".lesshst")
        || name.equals("fish_history");
  }

  /**
   * Whether the command names an address that is not this machine's (127.0.0.1 app.local is a
   * developer's alias; 203.0.113.10 github.com sends a name elsewhere), or one it cannot read.
   */
  private static boolean namesForeignAddress(Scan scan) {
    String source = scan.source();
    if (source == null || source.length() > 64 * 1024) {
      return true;
    }
    Matcher address = ADDRESS.matcher(source);
    while (address.find()) {
      String found = address.group();
      if (!found.startsWith("127.") && !found.equals("0.0.0.0")) {
        return true;
      }
    }
    return source.contains("$") || source.contains("base64");
  }
}
