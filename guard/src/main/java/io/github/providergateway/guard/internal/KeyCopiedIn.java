package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
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
   * @param scan the call's scan, which places the copy's paths as every rule does
   * @param step the program
   * @return what is copied, as shown
   */
  static String copied(Scan scan, Step step) {
    if (!COPIERS.contains(step.program())) {
      return null;
    }
    List<Word> operands = new ArrayList<>();
    Word into = null;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if ((text.equals("-t") || text.equals("--target-directory")) && i + 1 < args.size()) {
        into = args.get(++i);
      } else if (text.startsWith("--target-directory=")) {
        into = new Word(text.substring(text.indexOf('=') + 1), args.get(i).literal());
      } else if (!text.startsWith("-")) {
        operands.add(args.get(i));
      }
    }
    if (into == null && operands.size() >= 2) {
      into = operands.remove(operands.size() - 1);
    }
    if (into == null || !inProject(scan, step, into)) {
      return null;
    }
    for (Word source : operands) {
      String text = source.text();
      if (!inProject(scan, step, source)
          && SecretsCarried.privateKey(text)
          && !text.toLowerCase(java.util.Locale.ROOT).contains("debug")) {
        // Android's ~/.android/debug.keystore: a key made to be shared, every build signs with it
        return step.program() + " " + text + " into " + into.text();
      }
    }
    return null;
  }

  /** Whether a word of the step names a path in the project, as the scan places it. */
  private static boolean inProject(Scan scan, Step step, Word word) {
    for (Target target : scan.targets(step, word)) {
      Place place = scan.place(target);
      if (place != Place.INSIDE && place != Place.PROJECT) {
        return false;
      }
    }
    return true;
  }
}
