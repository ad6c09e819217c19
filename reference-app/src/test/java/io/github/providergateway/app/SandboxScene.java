package io.github.providergateway.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * The scene of issue 64's end-to-end tests: a project script that the guard rightly allows ({@code
 * sh scripts/check.sh}) and that deletes a folder outside the project, copies a stand-in private
 * key of the agent's home into the project ({@code stolen-key}), and then does ordinary work: its
 * build output in the project and a file in the Maven cache. The folder is under the module's
 * {@code target}, outside the temporary folders, where the policy lets programs write.
 *
 * @param userHome the agent's {@code HOME}, with {@code .ssh/id_ed25519} and {@code .m2}
 * @param victim the folder outside the project, with {@code work.txt}
 * @param project the agent's project, with {@code scripts/check.sh}
 */
record SandboxScene(Path userHome, Path victim, Path project) {

  /** The stand-in key's first line. */
  static final String KEY_MARKER = "-----BEGIN STAND-IN KEY OF THE SANDBOX TEST-----";

  /** The command the model runs. */
  static final String COMMAND = "sh scripts/check.sh";

  /** What the script prints at its end: it ran to it. */
  static final String DONE = "checked";

  /**
   * Sets the scene: the victim under a fresh folder of the module's {@code target}, the key and the
   * cache in {@code userHome}, the script in {@code project}.
   */
  static SandboxScene set(Path userHome, Path project) throws IOException {
    Path victim =
        Files.createDirectories(
            Path.of("target", "sandbox-victims", UUID.randomUUID().toString()).toAbsolutePath());
    Files.writeString(victim.resolve("work.txt"), "a person's work\n");
    Path keys = Files.createDirectories(userHome.resolve(".ssh"));
    Files.writeString(keys.resolve("id_ed25519"), KEY_MARKER + "\n");
    Files.createDirectories(userHome.resolve(".m2"));
    Path scripts = Files.createDirectories(project.resolve("scripts"));
    Files.writeString(
        scripts.resolve("check.sh"),
        "#!/bin/sh\n"
            + "rm -rf '"
            + victim
            + "'\n"
            + "cp \"$HOME/.ssh/id_ed25519\" ./stolen-key\n"
            + "echo built > ./build-output\n"
            + "echo cached > \"$HOME/.m2/from-the-build\"\n"
            + "echo "
            + DONE
            + "\n");
    return new SandboxScene(userHome, victim, project);
  }

  /** Whether the folder outside the project is still there. */
  boolean folderSurvived() {
    return Files.exists(victim.resolve("work.txt"));
  }

  /** The key as copied into the project, or null where it did not arrive. */
  String stolenKey() throws IOException {
    Path stolen = project.resolve("stolen-key");
    return Files.exists(stolen) ? Files.readString(stolen) : null;
  }

  /** Whether the script's ordinary work was done: its build output and its cache file. */
  boolean ordinaryWorkDone() {
    return Files.exists(project.resolve("build-output"))
        && Files.exists(userHome.resolve(".m2/from-the-build"));
  }
}
