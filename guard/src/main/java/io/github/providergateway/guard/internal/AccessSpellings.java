package io.github.providergateway.guard.internal;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The access rules' harms under the spellings the red-team pass of issue 80 found past them:
 * cluster-admin bound by a manifest fed to {@code kubectl apply -f -} rather than by {@code kubectl
 * create clusterrolebinding}, and the screen lock turned off by {@code dconf load} of a settings
 * file rather than by {@code dconf write}. And the key file ssh-keygen would overwrite read as the
 * program does ({@code key-file-in-ssh}: a relative {@code -f} in the folder it runs in).
 */
final class AccessSpellings {
  private AccessSpellings() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "key-file-in-ssh",
        (scan, step, read) -> {
          Argv argv = Argv.of(step.args(), "fbtNCOnImVZwzPEaTGMSRK");
          for (char reads : "lyeiFRHLQcpsYDkBrGTMA".toCharArray()) {
            if (argv.has(reads) && argv.value(reads) == null
                || reads == 'R' && argv.value('R') != null
                || reads == 'G' && argv.value('G') != null
                || reads == 'T' && argv.value('T') != null
                || reads == 'M' && argv.value('M') != null) {
              return false; // a key read, shown, converted or a list made: nothing overwritten
            }
          }
          String file = argv.value('f');
          if (file == null || file.endsWith(".pub")) {
            return false;
          }
          Path home = scan.places().home();
          Path path =
              file.startsWith("~/")
                  ? home.resolve(file.substring(2))
                  : file.startsWith("$HOME/")
                      ? home.resolve(file.substring(6))
                      : file.startsWith("/") ? Path.of(file) : null;
          if (path == null && !file.startsWith("$") && !file.startsWith("~")) {
            // A relative name, in each folder the program may run in: ssh-keygen -f id_ed25519
            // after cd ~/.ssh (or with the call's cwd there) overwrites the key as ~/.ssh/… does.
            for (Path cwd : step.cwds()) {
              if (cwd != null && cwd.resolve(file).normalize().startsWith(home.resolve(".ssh"))) {
                return true;
              }
            }
            return false;
          }
          return path != null && path.normalize().startsWith(home.resolve(".ssh"));
        });
    named.put(
        "manifest-binds-cluster-admin",
        (scan, step, read) -> {
          for (var redirect : step.invocation().redirects()) {
            String body = redirect.body();
            if (body != null && body.length() < 65536 && bindsClusterAdmin(body)) {
              return true;
            }
          }
          return false;
        });
    named.put(
        "dconf-load-lock-off",
        (scan, step, read) -> {
          for (var redirect : step.invocation().redirects()) {
            String body = redirect.body();
            if (body != null && body.length() < 65536 && turnsLockOff(body)) {
              return true;
            }
          }
          return false;
        });
  }

  /** A manifest that binds the cluster-admin role (a ClusterRoleBinding or a RoleBinding). */
  static boolean bindsClusterAdmin(String manifest) {
    return manifest.contains("RoleBinding") && manifest.contains("cluster-admin");
  }

  /** dconf settings that turn the screen lock off. */
  static boolean turnsLockOff(String settings) {
    String s = settings.replace(" ", "").toLowerCase(Locale.ROOT);
    return s.contains("lock-enabled=false") || s.contains("disable-lock-screen=true");
  }
}
