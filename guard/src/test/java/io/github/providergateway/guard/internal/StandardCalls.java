package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardPreset;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.file.Path;
import java.util.List;

/**
 * Calls decided by the built-in guard in its standard preset, in the project {@code /work/project}:
 * the families' tests' one way to ask it of a shell command or a server's tool.
 */
final class StandardCalls {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path PROJECT = Path.of("/work/project");
  private static final Guard GUARD = RuleBookTest.guard(GuardPreset.STANDARD);

  private StandardCalls() {}

  /** {@return the decision of a shell command} */
  static GuardVerdict.Outcome shell(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null)).outcome();
  }

  /** {@return the rule that decides a shell command, or {@code allow} when none does} */
  static String ruleOf(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    String rule = GUARD.decide(new GuardCall("shell", args, PROJECT, PROJECT, null)).ruleId();
    return rule == null ? "allow" : rule;
  }

  /**
   * {@return the rules that read a shell command, whichever decides it}: a test of one rule's
   * reading where a stronger rule decides the same call (decision 269's deny of an unnamed tool's
   * named act over the asks that read it too)
   */
  static List<String> matched(String command) {
    ObjectNode args = JSON.createObjectNode().put("command", command);
    return GUARD.explain(new GuardCall("shell", args, PROJECT, PROJECT, null)).matched().stream()
        .map(line -> line.substring(0, line.indexOf(':')))
        .toList();
  }

  /** {@return the decision of a server's tool, its arguments given as JSON} */
  static GuardVerdict.Outcome tool(String name, String args) throws Exception {
    return GUARD
        .decide(new GuardCall(name, (ObjectNode) JSON.readTree(args), PROJECT, PROJECT, null))
        .outcome();
  }

  /**
   * {@return the rule that decides a server's or an agent's tool, or {@code allow} when none does}
   */
  static String toolRule(String name, ObjectNode args) {
    String rule = GUARD.decide(new GuardCall(name, args, PROJECT, PROJECT, null)).ruleId();
    return rule == null ? "allow" : rule;
  }

  /**
   * {@return the rule that decides an edit of {@code path} from {@code old} to {@code now}, each
   * {@code \\n} written as two characters read as a line's end (a CSV source's rows)}
   */
  static String editRule(String path, String old, String now) {
    ObjectNode args =
        JSON.createObjectNode()
            .put("path", path)
            .put("old_string", old.replace("\\n", "\n"))
            .put("new_string", now.replace("\\n", "\n"));
    return toolRule("edit", args);
  }
}
