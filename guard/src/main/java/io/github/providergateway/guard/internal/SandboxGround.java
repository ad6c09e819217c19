package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What an agent's own sandbox stands on beside the settings files the guard already keeps (issue
 * 64's red-team pass): the other files that loosen it or replace it (Codex's profile layers, its
 * managed config and its exec-policy rules, which run a command they allow outside the sandbox;
 * Gemini CLI's own {@code .env}, whose {@code GEMINI_SANDBOX} overrides its settings, and its
 * trusted folders; Cursor's project permissions and its config under {@code XDG_CONFIG_HOME}), and
 * what the sandbox needs to start at all (bubblewrap and socat on the PATH, the kernel's user
 * namespaces): an agent that cannot start its sandbox runs without one or falls back to asking
 * less.
 */
final class SandboxGround {
  private SandboxGround() {}

  /** The programs the agents' Linux sandboxes run: a stand-in for one switches the sandbox off. */
  private static final Set<String> SANDBOX_PROGRAMS = NameSet.of("bwrap", "socat");

  /** The kernel's switches for the user namespaces bubblewrap needs. */
  private static final List<String> NAMESPACE_SWITCHES =
      List.of(
          "max_user_namespaces",
          "unprivileged_userns_clone",
          "apparmor_restrict_unprivileged_userns");

  /**
   * Whether a path is one of the files above, or a folder that holds them.
   *
   * @param path the absolute path
   * @return whether changing it may loosen or stop an agent's sandbox
   */
  static boolean holds(Path path) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    String folder = nameOf(path.getParent());
    // The agents' own: their rows' sandboxFiles (agents.json), Codex's config.toml layers
    // (NAME.config.toml), managed_config, requirements and rules among them.
    if (AgentGround.holdsSandbox(path)) {
      return true;
    }
    if (SANDBOX_PROGRAMS.contains(name) && (folder.equals("bin") || folder.equals("sbin"))) {
      return true;
    }
    if (path.startsWith("/proc/sys")) {
      for (String knob : NAMESPACE_SWITCHES) {
        if (name.equals(knob)) {
          return true;
        }
      }
    }
    return false;
  }

  private static String nameOf(Path path) {
    return path == null || path.getFileName() == null ? "" : path.getFileName().toString();
  }

  /**
   * Whether a step turns off the user namespaces the sandboxes need ({@code sysctl -w
   * user.max_user_namespaces=0}).
   *
   * @param step the step
   * @return whether it sets one of the namespace switches
   */
  static boolean switchesNamespacesOff(Step step) {
    if (!step.program().equals("sysctl")) {
      return false;
    }
    for (Word word : step.args()) {
      String t = word.text();
      if (t.indexOf('=') > 0) {
        for (String knob : NAMESPACE_SWITCHES) {
          if (t.substring(0, t.indexOf('=')).endsWith(knob)) {
            return true;
          }
        }
      }
    }
    return false;
  }
}
