package io.github.providergateway.app.agents;

import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The folders an agent's sandbox lets every program write (issue 77), and what follows from them:
 * which one let the doctor's canary write outside the project, and whether the gateway's home or
 * the user's home lies under one, where the sandbox cannot keep them as they are. A home under
 * {@code /tmp} (containers, CI, {@code HOME=/tmp/x}) is the usual case.
 *
 * <p>What the sandbox does there, seen with {@code srt} 0.0.83 and {@code codex sandbox} 0.169.0:
 * the gateway's home, unreadable, is hidden while it is there as the sandbox starts (a program can
 * neither read it nor delete it), but where it is missing a program may make it, with the files the
 * gateway then reads; the agents' own settings in a user's home under a writable folder, which hold
 * the gateway's hooks and the sandbox itself, a program may rewrite.
 *
 * @param roots the writable folders, absolute; the project is not among them
 */
record SandboxWritable(List<Path> roots) {

  SandboxWritable {
    roots = List.copyOf(roots);
  }

  /**
   * The folders of an agent's settings: absolute paths, and {@code ~/} ones in {@code userHome};
   * others ({@code :workspace_roots}, a path relative to a settings file) are not roots this can
   * place, and are left out.
   */
  static SandboxWritable of(Collection<String> entries, Path userHome) {
    Set<Path> roots = new LinkedHashSet<>();
    for (String entry : entries) {
      if (entry.equals("~") || entry.startsWith("~/")) {
        roots.add(userHome.resolve(entry.substring(1).replaceFirst("^/", "")).normalize());
      } else if (entry.startsWith("/")) {
        roots.add(Path.of(entry).normalize());
      }
    }
    return new SandboxWritable(new ArrayList<>(roots));
  }

  /** The folders setup lets write from {@code policy}: the temporary folders and the caches. */
  static SandboxWritable of(SandboxPolicy policy, GuardEnvironment environment) {
    Set<Path> roots = new LinkedHashSet<>(environment.tempDirs());
    policy.writable().forEach(entry -> roots.add(SandboxPolicy.resolve(entry, environment)));
    return new SandboxWritable(new ArrayList<>(roots));
  }

  /** {@return the deepest writable folder that holds {@code file}, or empty} */
  Optional<Path> holding(Path file) {
    Path path = file.toAbsolutePath().normalize();
    return roots.stream()
        .filter(path::startsWith)
        .max((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
  }

  /** Why the canary could write {@code file}: the folder that let it, or that none listed did. */
  String whyWritten(Path file) {
    return holding(file)
        .map(root -> file + " lies under " + root + ", which the sandbox lets every program write")
        .orElse(
            file
                + " lies under none of the folders the sandbox lists as writable: the sandbox"
                + " did not hold the write");
  }

  /**
   * What the sandbox cannot keep as it is, one sentence each: the gateway's home, the user's home
   * (the agents' settings), where either lies under a writable folder; empty when neither does.
   *
   * @param gatewayHome the gateway's home
   * @param userHome the user's home
   * @param whose whose sandbox, for the sentence: {@code the sandbox}
   */
  List<String> exposures(Path gatewayHome, Path userHome, String whose) {
    List<String> said = new ArrayList<>();
    holding(gatewayHome).ifPresent(root -> said.add(gatewayHomeUnder(gatewayHome, root, whose)));
    holding(userHome).ifPresent(root -> said.add(userHomeUnder(userHome, root, whose)));
    return said;
  }

  /**
   * The gateway's {@code home} under {@code root}, which {@code whose} lets every program write.
   */
  static String gatewayHomeUnder(Path home, Path root, String whose) {
    return under("the gateway's home", home, root, whose)
        + "where the home is missing as an agent starts (removed, or not made yet) a project's"
        + " script can make it, with the settings and tokens the gateway then reads. Give the"
        + " gateway a home outside "
        + root
        + ": run setup again with --home DIR.";
  }

  /** The user's {@code home} under {@code root}, which {@code whose} lets every program write. */
  static String userHomeUnder(Path home, Path root, String whose) {
    return under("your home", home, root, whose)
        + "a project's script can rewrite the agents' settings there, the gateway's hooks and the"
        + " sandbox itself among them. Run the agents with a HOME outside "
        + root
        + ".";
  }

  /** The start both say: {@code WHAT HOME lies under ROOT, which WHOSE every program write: }. */
  private static String under(String what, Path home, Path root, String whose) {
    return String.format(
        "%s %s lies under %s, which %s every program write: ", what, home, root, whose);
  }
}
