package io.github.providergateway.app.agents;

import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The doctor's look at the gateway's Codex profile against the home as it is now (issue 77,
 * decision 0085): setup wrote {@code "none"} only for the credential paths that existed, so one
 * that has appeared since is readable in Codex's sandbox until setup runs again; and Codex's own
 * leftovers ({@link CodexLeftovers}) are named, with how to remove them.
 */
final class CodexProfileCheck {

  private CodexProfileCheck() {}

  /**
   * Adds the findings to {@code lines}; {@return the problem, or null}
   *
   * @param config the text of the {@code config.toml} that names the gateway's profile
   * @param userHome the user's home
   * @param project the project the doctor looks at (Codex's workspace root), or null
   * @param lines the sandbox's lines for {@code --verbose}
   */
  static DoctorProblem check(String config, Path userHome, Path project, List<String> lines) {
    List<Path> leftovers =
        CodexLeftovers.survey(config, userHome, project == null ? List.of() : List.of(project));
    List<String> hidden = new ArrayList<>();
    for (String[] entry : SandboxDoctor.profileEntries(config, CodexSettings.PROFILE)) {
      if (entry[1].equals("none")) {
        hidden.add(entry[0]);
      }
    }
    // The defaults only: the doctor does not read the home's guard.sandbox (a person's denyRead).
    GuardEnvironment home = new GuardEnvironment(userHome, List.of(), userHome);
    List<String> appeared = new ArrayList<>();
    for (String entry : SandboxPolicy.DEFAULT_DENY_READ) {
      Path path = SandboxPolicy.resolve(entry, home);
      boolean covered = hidden.stream().anyMatch(h -> path.startsWith(Path.of(h)));
      if (!covered && Files.exists(path, LinkOption.NOFOLLOW_LINKS) && !leftovers.contains(path)) {
        appeared.add(entry);
      }
    }
    List<Path> files = leftovers.stream().filter(p -> !Files.isDirectory(p)).toList();
    if (!leftovers.isEmpty()) {
      lines.add(
          "Codex's leftovers (empty, made by its sandbox to mount over): "
              + String.join(", ", leftovers.stream().map(Path::toString).toList())
              + "; remove them: "
              + CodexLeftovers.howToRemove(leftovers));
    }
    if (!appeared.isEmpty()) {
      String which = String.join(", ", appeared);
      String why =
          which
              + (appeared.size() == 1 ? " now exists" : " now exist")
              + " and Codex's sandbox does not hide "
              + (appeared.size() == 1 ? "it" : "them")
              + ": run gateway setup codex again";
      // Said among the lines too: a failed canary's problem may be the one the result names.
      lines.add(why);
      return new DoctorProblem("sandbox does not hide " + which, why);
    }
    if (!files.isEmpty()) {
      return new DoctorProblem(
          "sandbox leftovers",
          "Codex's sandbox left empty read-only files where a program expects its own ("
              + String.join(", ", files.stream().map(Path::toString).toList())
              + "): "
              + CodexLeftovers.howToRemove(leftovers));
    }
    return null;
  }
}
