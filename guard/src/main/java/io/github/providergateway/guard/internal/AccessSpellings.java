package io.github.providergateway.guard.internal;

import java.util.Locale;
import java.util.Map;

/**
 * The access rules' harms under the spellings the red-team pass of issue 80 found past them:
 * cluster-admin bound by a manifest fed to {@code kubectl apply -f -} rather than by {@code kubectl
 * create clusterrolebinding}, and the screen lock turned off by {@code dconf load} of a settings
 * file rather than by {@code dconf write}.
 */
final class AccessSpellings {
  private AccessSpellings() {}

  /** Adds the predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
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
