package io.github.providergateway.guard.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.providergateway.guard.Guard;
import io.github.providergateway.guard.GuardCall;
import io.github.providergateway.guard.GuardEnvironment;
import io.github.providergateway.guard.GuardSettings;
import io.github.providergateway.guard.GuardVerdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Coverage-guided fuzzing (Jazzer) of the shell's syntax parser and of the guard that reads its
 * tree. {@code mvn verify} replays the seeds below and the stored inputs ({@code
 * ShellSyntaxFuzzTestInputs/}, beside the dictionary); with {@code JAZZER_FUZZ=1} it explores, the
 * {@code fuzz} profile setting it and bounding the run (docs/guard.md, "What it reads"; {@code
 * -Dfuzz.seconds=N}, default 600):
 *
 * <pre>{@code
 * JAZZER_FUZZ=1 ./mvnw -P fuzz -pl guard -am test \
 *     -Dtest='ShellSyntaxFuzzTest#anyTextIsATreeOfNestedSpansOrRefusedAndNeverFailsTheGuard'
 * }</pre>
 *
 * <p>A crashing input is written to the stored inputs, where {@code mvn verify} replays it. The
 * input is the command's text, as UTF-8.
 */
class ShellSyntaxFuzzTest {
  private static final Path PROJECT = Path.of("/home/ada/code/app");
  private static final Guard GUARD =
      Guard.create(
          GuardSettings.defaults(),
          new GuardEnvironment(
              Path.of("/home/ada"),
              List.of(Path.of("/tmp")),
              Path.of("/home/ada/.copilot/extensions/tap")));

  /**
   * Whatever the text: the parser gives a tree or refuses with a {@link ShellParseException}, never
   * another exception; every node's span lies within the source and within its parent's; each
   * simple command's span, read alone, gives the same words; and the guard decides the text as a
   * shell call without failing by an exception of its own (which it would deny naming it).
   */
  @MethodSource("seeds")
  @DictionaryFile(resourcePath = "shell-syntax.dict")
  @FuzzTest
  void anyTextIsATreeOfNestedSpansOrRefusedAndNeverFailsTheGuard(byte[] input)
      throws ShellParseException {
    String text = new String(input, StandardCharsets.UTF_8);
    Script script = null;
    try {
      script = SyntaxParser.parse(text);
    } catch (ShellParseException refused) {
      assertThat(refused.reason()).isNotNull();
      assertThat(refused.getMessage()).isNotBlank();
    }
    if (script != null) {
      assertThat(script.source()).isSameAs(text);
      assertThat(SyntaxTrees.spanProblems(script)).as(text).isEmpty();
      assertThat(SyntaxTrees.rereadProblems(script)).as(text).isEmpty();
    }
    GuardVerdict verdict =
        GUARD.decide(
            new GuardCall(
                "shell",
                JsonNodeFactory.instance.objectNode().put("command", text),
                PROJECT,
                PROJECT,
                null));
    assertThat(String.valueOf(verdict.reason()))
        .as(text)
        .doesNotContain("could not read this call (");
  }

  static Stream<byte[]> seeds() {
    return Stream.of(
            "rm -rf /",
            "git push --force origin main && echo done || echo failed &",
            "ls | grep x |& wc -l; ! true",
            "time -p make; time -f %e rm x; a | time b",
            "(cd /; rm -rf x) > log 2>&1",
            "{ a; b; } < in",
            "if a; then b; elif c; then d; else e; fi",
            "while read l; do echo \"$l\"; done < f; until false; do :; done",
            "for f in $(ls *.log) {a,b}; do tail \"$f\"; done; for ((i=0; i<3; i++)); do :; done",
            "select s in a b; do break; done",
            "case $x in a|b) rm a;; (c) rm c;& *) rm d;;& esac",
            "f() { rm -rf \"$1\"; }; function g { :; } > out; function h() ( ls )",
            "(( i++ )); echo $(( i * (2 + 3) )) $[1+2]",
            "[[ -f $(rm x) && a < b || ! ( c =~ ^(x|y)$ ) ]]",
            "coproc cat; coproc reader { cat; }",
            "echo ${x:-$(rm y)} ${#x} ${!p*} ${x/a/b} ${x:1:2} ${a[i]} ${x@Q}",
            "echo $'\\x72m' $\"loc\" 'a b' \"a $b `c`\"",
            "diff <(ls a) >(rm b)",
            "echo `echo \\`rm x\\``",
            "cat <<EOF | sh\nrm -rf /\n$(date)\nEOF\n",
            "cat <<-'EOF'\n\ttext\n\tEOF\n",
            "cat <<A; cat <<B\na\nA\nb\nB\n",
            "echo $(cat <<EOF\n)\nEOF\n)",
            "x=1 y=(a b) z+=c a[1 2]=d env",
            "declare -a x=(1 $(rm y)) z=2; local a=; eval y=(3)",
            "echo ~/x a=~/y b:~/z {1..3} a{b,c}d [ab]* ?",
            "rm${IFS}-rf${IFS}/; cat$IFS/etc/passwd",
            "{fd}>log echo x 3<&0 &> all &>> more >| f <> g",
            "echo a#b # c\nrm \\\nx",
            "bash -c 'rm -rf /'; sh -c \"$c\"; eval \"$CMD\"; xargs rm < list",
            "python3 -c 'import os; os.system(\"rm -rf /\")'",
            "$\\\nx; fi<(ls) x; 2>&12>&1",
            "echo ${x:-'a b'} \"${x:-'a}'}\" ${x:-{a}}",
            "if",
            "echo \"unterminated",
            "$($($($($($($($($($($($($($($($($($($(x))))))))))))))))))")
        .map(seed -> seed.getBytes(StandardCharsets.UTF_8));
  }
}
