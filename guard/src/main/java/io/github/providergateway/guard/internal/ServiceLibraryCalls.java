package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.internal.ServiceLexicon.Phrase;
import io.github.providergateway.guard.internal.ServiceLexicon.Sdk;
import io.github.providergateway.guard.internal.ServiceLexicon.Service;
import io.github.providergateway.guard.internal.ServiceLexicon.VerbClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Inline code's calls to a service's library, read by the lexicon's {@code sdks} (decision 94): the
 * predicates {@code service-code-destroys} and its kin. The code is read once, a character at a
 * time, for the names of the methods it calls; no pattern.
 */
final class ServiceLibraryCalls {
  private ServiceLibraryCalls() {}

  static boolean codeIs(String name, Scan scan, Step step) {
    // The five rules ask of the same program in turn: the last program read and its class,
    // {Step, String}, are kept in the call's scan, so that nothing of the call outlives it.
    Object[] last = scan.once("ServiceLibraryCalls", call -> new Object[2]);
    String found;
    if (last[0] == step) {
      found = (String) last[1];
    } else {
      String code = InterpreterCode.of(step);
      found = code == null ? null : classOfCode(code, scan, step);
      last[0] = step;
      last[1] = found;
    }
    return found != null && ServiceVerbs.ruleOf(found).equals(name);
  }

  /** How many method calls of one inline code are read: past them, the rest is not. */
  private static final int CALLS_READ = 512;

  /**
   * The class of inline code's calls to a service's library, or {@code null}: the first call (a
   * method's name after a dot, before a parenthesis) one of whose library's phrases it meets, the
   * phrase's parts among the name's, its words with = in the code (blanks aside, lower-cased);
   * unless the class counts only in production and nothing names it, or the code talks to an
   * emulator ({@code FIREBASE_AUTH_EMULATOR_HOST}).
   */
  static String classOfCode(String code, Scan scan, Step step) {
    String flat = null;
    List<String> names = null;
    for (Sdk sdk : ServiceLexicon.LEXICON.sdks()) {
      if (!holdsAnchor(code, sdk.anchors())) {
        continue;
      }
      if (names == null) {
        names = calls(code);
        flat = code.replace(" ", "").toLowerCase(Locale.ROOT);
      }
      Service service = sdk.service();
      for (String name : names) {
        List<String> parts = new ArrayList<>(ServiceVerbs.split(name));
        if (ServiceLexicon.LEXICON.reads().contains(parts.get(0))) {
          continue;
        }
        parts.removeAll(service.except());
        for (VerbClass verbClass : service.classes()) {
          if (meetsCall(verbClass.phrases(), parts, flat)) {
            boolean production = service.production() || verbClass.production();
            String source = scan.source();
            if (production && !Environments.production(scan, step)
                || code.contains("_EMULATOR_HOST")
                || source != null && source.contains("_EMULATOR_HOST=")) {
              return null;
            }
            return verbClass.name();
          }
        }
      }
    }
    return null;
  }

  private static boolean holdsAnchor(String code, List<String> anchors) {
    for (String anchor : anchors) {
      if (code.contains(anchor)) {
        return true;
      }
    }
    return false;
  }

  private static boolean meetsCall(List<Phrase> phrases, List<String> parts, String flat) {
    for (Phrase phrase : phrases) {
      if (phrase.options().isEmpty()
          && !phrase.parts().isEmpty()
          && parts.containsAll(phrase.parts())) {
        boolean words = true;
        for (String word : phrase.words()) {
          words &= flat.contains(word);
        }
        if (words) {
          return true;
        }
      }
    }
    return false;
  }

  /** The names of the methods the code calls: {@code .name(} or {@code .name (}, in its order. */
  static List<String> calls(String code) {
    List<String> names = new ArrayList<>();
    for (int dot = code.indexOf('.'); dot >= 0 && names.size() < CALLS_READ; ) {
      int end = dot + 1;
      while (end < code.length()
          && (Character.isLetterOrDigit(code.charAt(end)) || code.charAt(end) == '_')) {
        end++;
      }
      int paren = end;
      while (paren < code.length() && code.charAt(paren) == ' ') {
        paren++;
      }
      if (end > dot + 1 && paren < code.length() && code.charAt(paren) == '(') {
        names.add(code.substring(dot + 1, end));
      }
      dot = code.indexOf('.', end > dot + 1 ? end : dot + 1);
    }
    return names;
  }
}
