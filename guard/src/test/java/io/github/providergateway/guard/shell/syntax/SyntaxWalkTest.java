package io.github.providergateway.guard.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SyntaxParser#walk}: every node once, a parent before its children, skipping on false. */
class SyntaxWalkTest {

  @Test
  void aWalkSeesEveryNodeOnceParentFirstInTheOrderOfTheSource() throws ShellParseException {
    Script script =
        SyntaxParser.parse("x=1 rm -rf \"$HOME\"/a $(echo b) > out; if true; then ls; fi");
    List<Node> seen = new ArrayList<>();
    SyntaxParser.walk(script, seen::add);
    List<Node> expected = new ArrayList<>();
    preOrder(script, expected);
    assertThat(seen).containsExactlyElementsOf(expected);
    assertThat(seen).first().isSameAs(script);
    assertThat(seen.stream().filter(SimpleCommand.class::isInstance).count()).isEqualTo(4);
    assertThat(seen).hasAtLeastOneElementOfType(CommandSubstitution.class);
    assertThat(seen).hasAtLeastOneElementOfType(IfClause.class);
  }

  @Test
  void answeringFalseSkipsANodesChildren() throws ShellParseException {
    Script script = SyntaxParser.parse("echo $(rm -rf /); ls");
    List<String> programs = new ArrayList<>();
    SyntaxParser.walk(
        script,
        node -> {
          if (node instanceof SimpleCommand simple) {
            programs.add(((Literal) simple.words().get(0).parts().get(0)).value());
          }
          return !(node instanceof CommandSubstitution);
        });
    assertThat(programs).containsExactly("echo", "ls");
  }

  /** The order the test's own reading of the tree ({@link SyntaxTrees#children}) gives. */
  private static void preOrder(Node node, List<Node> out) {
    out.add(node);
    for (Object child : SyntaxTrees.children(node)) {
      preOrder((Node) child, out);
    }
  }
}
