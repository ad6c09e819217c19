package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A private key's file copied from outside the project into it (round 66: a dashcam maker's
 * firmware release and secure-boot keys copied from {@code ~/.vf/keys/} into {@code
 * firmware/build/keys/}, then {@code git add -A} and a push): the key lands in the working tree,
 * where the next commit takes it, as printing it puts it in the conversation ({@code
 * shapes.private-key-read}). A copy to a temporary folder or elsewhere outside the project, the
 * project's own key copied within it, and a debug key (Android's {@code debug.keystore}) are not
 * this.
 */
final class KeyCopiedIn {
  private KeyCopiedIn() {}

  /** The programs that copy files on this machine. */
  private static final Set<String> COPIERS = NameSet.of("cp", "install", "rsync", "ditto");

  /**
   * The key's file a step copies into the project, or {@code null}.
   *
   * @param step the program
   * @param project the session's project, or {@code null}
   * @return what is copied, as shown
   */
  static String copied(Step step, Path project) {
    if (!COPIERS.contains(step.program())) {
      return null;
    }
    List<String> operands = new ArrayList<>();
    String into = null;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-t") || text.equals("--target-directory")) && i + 1 < args.size()) {
        into = args.get(++i).text();
      } else if (text.startsWith("--target-directory=")) {
        into = text.substring(text.indexOf('=') + 1);
      } else if (!text.startsWith("-")) {
        operands.add(text);
      }
    }
    if (into == null && operands.size() >= 2) {
      into = operands.remove(operands.size() - 1);
    }
    if (into == null || !inProject(into, project)) {
      return null;
    }
    for (String source : operands) {
      if (!inProject(source, project)
          && SecretsCarried.privateKey(source)
          && !source.toLowerCase(java.util.Locale.ROOT).contains("debug")) {
        // Android's ~/.android/debug.keystore: a key made to be shared, every build signs with it
        return step.program() + " " + source + " into " + into;
      }
    }
    return null;
  }

  /** Whether a path as a command names it is in the project: relative, or below it. */
  private static boolean inProject(String path, Path project) {
    if (path.startsWith("~") || path.startsWith("$") || path.contains(":")) {
      return false; // the home, a variable's folder, another machine
    }
    if (!path.startsWith("/")) {
      return !path.startsWith("..");
    }
    return project != null && Path.of(path).normalize().startsWith(project);
  }
}
