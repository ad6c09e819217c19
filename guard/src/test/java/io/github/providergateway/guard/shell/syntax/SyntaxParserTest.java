package io.github.providergateway.guard.shell.syntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.github.providergateway.guard.shell.ShellParser;
import io.github.providergateway.guard.shell.syntax.ShellParseException.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The tree each construct reads into, its spans, and what the parser refuses. */
class SyntaxParserTest {

  private static Script parse(String source) {
    try {
      Script script = SyntaxParser.parse(source);
      assertThat(SyntaxTrees.spanProblems(script)).as(source).isEmpty();
      assertThat(SyntaxTrees.rereadProblems(script)).as(source).isEmpty();
      return script;
    } catch (ShellParseException e) {
      throw new AssertionError("did not parse: " + source + ": " + e.getMessage(), e);
    }
  }

  private static Command only(String source) {
    Script script = parse(source);
    assertThat(script.statements()).as(source).hasSize(1);
    return script.statements().get(0).command();
  }

  private static SimpleCommand simple(String source) {
    return (SimpleCommand) only(source);
  }

  private static WrittenWord word(String source) {
    SimpleCommand command = simple("echo " + source);
    assertThat(command.words()).as(source).hasSize(2);
    return command.words().get(1);
  }

  private static WordPart part(String source) {
    WrittenWord word = word(source);
    assertThat(word.parts()).as(source).hasSize(1);
    return word.parts().get(0);
  }

  private static Reason refusal(String source) {
    ShellParseException e =
        catchThrowableOfType(ShellParseException.class, () -> SyntaxParser.parse(source));
    assertThat(e).as("refused: %s", source).isNotNull();
    return e.reason();
  }

  // ---- statements, lists, pipelines ----

  @Test
  void aScriptIsItsStatementsEachEndingWithItsSeparator() {
    Script script = parse("a; b & c\nd");
    assertThat(script.statements()).hasSize(4);
    assertThat(script.statements())
        .extracting(Statement::background)
        .containsExactly(false, true, false, false);
    assertThat(script.text(script.statements().get(1))).isEqualTo("b &");
    assertThat(script.start()).isZero();
    assertThat(script.end()).isEqualTo(10);
  }

  @Test
  void andOrListsAndPipelinesAreFlatListsWithTheirOperators() {
    AndOrList list = (AndOrList) only("a && b | c |& d || e");
    assertThat(list.operators()).containsExactly(AndOrList.Operator.AND, AndOrList.Operator.OR);
    Pipeline pipeline = (Pipeline) list.commands().get(1);
    assertThat(pipeline.commands()).hasSize(3);
    assertThat(pipeline.operators())
        .containsExactly(Pipeline.Operator.PIPE, Pipeline.Operator.PIPE_ALL);
    // Ten thousand operators: one list, not a tree ten thousand deep.
    assertThat(((AndOrList) only("a && ".repeat(10_000) + "a")).commands()).hasSize(10_001);
  }

  @Test
  void negationAndTimeArePrefixesOfAPipeline() {
    Negation negation = (Negation) only("! a | b");
    assertThat(negation.command()).isInstanceOf(Pipeline.class);
    TimeClause time = (TimeClause) only("time -p a | b");
    assertThat(time.posix()).isTrue();
    assertThat(time.command()).isInstanceOf(Pipeline.class);
    assertThat(((TimeClause) only("time")).command()).isNull();
    // After a pipe, time is a program (bash: a | time b runs /usr/bin/time).
    Pipeline piped = (Pipeline) only("a | time b");
    assertThat(((SimpleCommand) piped.commands().get(1)).words()).hasSize(2);
    // A word with - after time is the command it times, as bash runs it.
    SimpleCommand timed = (SimpleCommand) ((TimeClause) only("time -f %e x")).command();
    assertThat(timed.words().get(0).literalValue()).isEqualTo("-f");
  }

  // ---- compound commands ----

  @Test
  void subshellsAndGroupsHoldTheirStatementsAndRedirections() {
    Subshell subshell = (Subshell) only("(a; b) > log");
    assertThat(subshell.statements()).hasSize(2);
    assertThat(subshell.redirections()).hasSize(1);
    Group group = (Group) only("{ a; } 2>&1");
    assertThat(group.statements()).hasSize(1);
    assertThat(group.redirections().get(0).descriptor()).isEqualTo("2");
  }

  @Test
  void anIfHasItsBranchesInOneListAndItsElse() {
    IfClause clause = (IfClause) only("if a; then b; elif c; then d; elif e; then f; else g; fi");
    assertThat(clause.branches()).hasSize(3);
    assertThat(clause.elseBody()).hasSize(1);
    assertThat(((IfClause) only("if a; then b; fi")).elseBody()).isEmpty();
  }

  @Test
  void loopsHoldTheirConditionsItemsAndBodies() {
    WhileClause loop = (WhileClause) only("until a; do b; c; done");
    assertThat(loop.until()).isTrue();
    assertThat(loop.body()).hasSize(2);
    ForClause in = (ForClause) only("for f in a b c; do x; done");
    assertThat(in.items()).hasSize(3);
    assertThat(in.name().literalValue()).isEqualTo("f");
    assertThat(((ForClause) only("for f; do x; done")).items()).isNull();
    assertThat(((ForClause) only("for f in a; { x; }")).body()).hasSize(1);
    assertThat(((ForClause) only("select s in a; do x; done")).select()).isTrue();
    ArithmeticForClause arithmetic =
        (ArithmeticForClause) only("for ((i=0; i<3; i++)); do x; done");
    assertThat(parse("for ((i=0; i<3; i++)); do x; done").text(arithmetic.condition()))
        .isEqualTo(" i<3");
  }

  @Test
  void aCaseHasItsItemsWithTheirPatternsAndTerminators() {
    CaseClause clause = (CaseClause) only("case $x in a|b) x;; (c) y;& d) z;;& *) esac");
    assertThat(clause.subject().parts().get(0)).isInstanceOf(ParameterExpansion.class);
    assertThat(clause.items())
        .extracting(CaseItem::terminator)
        .containsExactly(
            CaseItem.Terminator.BREAK,
            CaseItem.Terminator.FALL_THROUGH,
            CaseItem.Terminator.CONTINUE,
            CaseItem.Terminator.ESAC);
    assertThat(clause.items().get(0).patterns()).hasSize(2);
    assertThat(clause.items().get(3).patterns().get(0).parts().get(0))
        .isInstanceOf(GlobPattern.class);
  }

  @Test
  void functionsAreDeclaredWithACompoundBody() {
    FunctionDeclaration plain = (FunctionDeclaration) only("f() { a; } > log");
    assertThat(plain.keyword()).isFalse();
    assertThat(plain.body()).isInstanceOf(Group.class);
    assertThat(plain.body().redirections()).hasSize(1);
    FunctionDeclaration keyword = (FunctionDeclaration) only("function g ( a )");
    assertThat(keyword.keyword()).isTrue();
    assertThat(keyword.body()).isInstanceOf(Subshell.class);
  }

  @Test
  void arithmeticAndTestCommandsReadTheirOwnGrammar() {
    ArithmeticCommand arithmetic = (ArithmeticCommand) only("(( x = $(a) + 1 ))");
    assertThat(arithmetic.expression().parts())
        .hasAtLeastOneElementOfType(CommandSubstitution.class);
    TestClause test = (TestClause) only("[[ -f a && ! ( b == c* || d =~ ^(x |y)$ ) ]]");
    AndOrTest and = (AndOrTest) test.expression();
    assertThat(and.operands().get(0)).isInstanceOf(UnaryTest.class);
    ParenTest paren = (ParenTest) ((NotTest) and.operands().get(1)).operand();
    AndOrTest or = (AndOrTest) paren.expression();
    assertThat(((BinaryTest) or.operands().get(1)).operator()).isEqualTo("=~");
    WrittenWord regex = ((BinaryTest) or.operands().get(1)).right();
    assertThat(regex.literalValue()).isEqualTo("^(x |y)$");
  }

  @Test
  void aCoprocessIsNamedOnlyBeforeACompoundCommand() {
    assertThat(((CoprocClause) only("coproc r { cat; }")).name().literalValue()).isEqualTo("r");
    CoprocClause unnamed = (CoprocClause) only("coproc r cat");
    assertThat(unnamed.name()).isNull();
    assertThat(((SimpleCommand) unnamed.command()).words()).hasSize(2);
  }

  // ---- words ----

  @Test
  void aCommandsWordsAreNodesAndCompareAsAnyList() {
    SimpleCommand command = simple("rm -rf 'a b' c");
    List<WrittenWord> words = command.words();
    assertThat(words.get(0))
        .isEqualTo(new WrittenWord(List.of(new Literal("rm", "rm", 0, 2)), 0, 2));
    assertThat(words.get(2))
        .isEqualTo(new WrittenWord(List.of(new SingleQuoted("a b", 7, 12)), 7, 12));
    assertThat(words).extracting(WrittenWord::start).containsExactly(0, 3, 7, 13);
    // A plain word's node is made when asked: each one equal, as values are.
    assertThat(words.get(1)).isEqualTo(words.get(1)).hasSameHashCodeAs(words.get(1));
    List<WrittenWord> copy = List.copyOf(words);
    assertThat(words).isEqualTo(copy).hasSameHashCodeAs(copy);
    assertThat(copy).isEqualTo(words);
    assertThat(new SimpleCommand(List.of(), copy, List.of(), 0, 14)).isEqualTo(command);
    assertThat(words.subList(1, 3)).containsExactly(copy.get(1), copy.get(2));
    assertThatThrownBy(() -> words.add(copy.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> words.set(0, copy.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> words.get(4)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void literalTextKeepsWhatIsWrittenAndTheValueBashTakes() {
    Literal literal = (Literal) part("a\\ b\\\nc");
    assertThat(literal.text()).isEqualTo("a\\ b\\\nc");
    assertThat(literal.value()).isEqualTo("a bc");
  }

  @Test
  void quotesAreParts() {
    WrittenWord word = word("'a b'\"c $d\"$'\\x72m'$\"e\"");
    assertThat(word.parts()).hasSize(4);
    assertThat(((SingleQuoted) word.parts().get(0)).value()).isEqualTo("a b");
    DoubleQuoted quoted = (DoubleQuoted) word.parts().get(1);
    assertThat(quoted.parts()).hasSize(2);
    AnsiCQuoted ansi = (AnsiCQuoted) word.parts().get(2);
    assertThat(ansi.value()).isEqualTo("rm");
    assertThat(ansi.text()).isEqualTo("\\x72m");
    assertThat(((DoubleQuoted) word.parts().get(3)).localized()).isTrue();
    assertThat(word("'a'\"b\"$'c'").literalValue()).isEqualTo("abc");
    assertThat(word("a$b").literalValue()).isNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '→',
      quoteCharacter = '\u0000',
      textBlock =
          """
          $x                → x NONE NONE
          ${x}              → x NONE NONE
          $1                → 1 NONE NONE
          $@                → @ NONE NONE
          ${#x}             → x LENGTH NONE
          ${!p*}            → p INDIRECT NAMES_STARTING
          ${x:-w}           → x NONE DEFAULT
          ${x-w}            → x NONE DEFAULT_IF_UNSET
          ${x:=w}           → x NONE ASSIGN
          ${x:?w}           → x NONE ERROR
          ${x:+w}           → x NONE ALTERNATE
          ${x##w}           → x NONE REMOVE_LONGEST_PREFIX
          ${x%w}            → x NONE REMOVE_SHORTEST_SUFFIX
          ${x//a/b}         → x NONE REPLACE_ALL
          ${x:1:2}          → x NONE SUBSTRING
          ${x^^}            → x NONE UPPER_ALL
          ${x@Q}            → x NONE TRANSFORM
          ${x!y}            → x NONE BAD_SUBSTITUTION
          """)
  void parameterExpansionsHaveTheirNamePrefixAndOperator(String source, String expected) {
    String[] fields = expected.split(" ");
    String name = fields[0];
    String prefix = fields[1];
    String operator = fields[2];
    ParameterExpansion expansion = (ParameterExpansion) part(source);
    assertThat(expansion.name()).isEqualTo(name);
    assertThat(expansion.prefix()).isEqualTo(ParameterExpansion.Prefix.valueOf(prefix));
    assertThat(expansion.operator()).isEqualTo(ParameterExpansion.Operator.valueOf(operator));
  }

  @Test
  void anExpansionsWordsAreWordsOfTheirOwn() {
    ParameterExpansion replace = (ParameterExpansion) part("${x/a b/$(c)}");
    assertThat(replace.argument().literalValue()).isEqualTo("a b");
    assertThat(replace.replacement().parts().get(0)).isInstanceOf(CommandSubstitution.class);
    ParameterExpansion element = (ParameterExpansion) part("${a[i+1]:-d}");
    assertThat(element.index().literalValue()).isEqualTo("i+1");
  }

  @Test
  void substitutionsHoldTheStatementsTheyRun() {
    assertThat(((CommandSubstitution) part("$(a; b)")).statements()).hasSize(2);
    ProcessSubstitution process = (ProcessSubstitution) part(">(a)");
    assertThat(process.output()).isTrue();
    ArithmeticExpansion arithmetic = (ArithmeticExpansion) part("$[1+2]");
    assertThat(arithmetic.bracket()).isTrue();
    assertThat(((ArithmeticExpansion) part("$(( (1) + 2 ))")).bracket()).isFalse();
    assertThat(part("$( (a) )")).isInstanceOf(CommandSubstitution.class);
  }

  @Test
  void aBackquotedSubstitutionIsAScriptOfItsUnescapedText() {
    Script script = parse("echo `echo \\`rm x\\``");
    BackquoteSubstitution outer =
        (BackquoteSubstitution)
            ((SimpleCommand) script.statements().get(0).command()).words().get(1).parts().get(0);
    assertThat(outer.script().source()).isEqualTo("echo `rm x`");
    assertThat(script.text(outer)).isEqualTo("`echo \\`rm x\\``");
    SimpleCommand inner = (SimpleCommand) outer.script().statements().get(0).command();
    assertThat(inner.words().get(1).parts().get(0)).isInstanceOf(BackquoteSubstitution.class);
  }

  @Test
  void unquotedTextHasItsShapes() {
    BraceExpansion list = (BraceExpansion) word("a{b,'c d',{e,f}}g").parts().get(1);
    assertThat(list.sequence()).isFalse();
    assertThat(list.items()).hasSize(3);
    assertThat(list.items().get(2).parts().get(0)).isInstanceOf(BraceExpansion.class);
    BraceExpansion sequence = (BraceExpansion) part("{1..9..2}");
    assertThat(sequence.sequence()).isTrue();
    assertThat(sequence.items())
        .extracting(WrittenWord::literalValue)
        .containsExactly("1", "9", "2");
    // No comma and no sequence: text, and the search goes on inside it.
    assertThat(word("{a{b,c}}").parts()).hasSize(3);
    assertThat(word("{}").parts()).containsExactly(new Literal("{}", "{}", 5, 7));
    assertThat(word("a*[bc]?").parts())
        .extracting(p -> p.getClass().getSimpleName())
        .containsExactly("Literal", "GlobPattern", "GlobPattern", "GlobPattern");
    assertThat(word("\\*").parts()).hasOnlyElementsOfType(Literal.class);
    assertThat(((Tilde) word("~root/x").parts().get(0)).user()).isEqualTo("root");
    assertThat(word("x=a:~/b").parts()).hasAtLeastOneElementOfType(Tilde.class);
    assertThat(word("--x=~/b").parts()).hasOnlyElementsOfType(Literal.class);
    assertThat(word("~\"x\"").parts().get(0)).isInstanceOf(Literal.class);
  }

  // ---- assignments and redirections ----

  @Test
  void assignmentsHaveTheirNameIndexValueOrArray() {
    SimpleCommand command = simple("a=1 b+=2 c[1 + 2]=3 d=(x $(y)) e= env");
    List<Assignment> assignments = command.assignments();
    assertThat(assignments).extracting(Assignment::name).containsExactly("a", "b", "c", "d", "e");
    assertThat(assignments.get(1).append()).isTrue();
    assertThat(assignments.get(2).index().literalValue()).isEqualTo("1 + 2");
    assertThat(assignments.get(3).array().elements()).hasSize(2);
    assertThat(assignments.get(4).value().parts()).isEmpty();
    assertThat(command.words()).hasSize(1);
    ArrayExpression declared =
        (ArrayExpression) simple("declare -a x=(1 2)").words().get(2).parts().get(1);
    assertThat(declared.elements()).hasSize(2);
  }

  @Test
  void redirectionsHaveTheirDescriptorOperatorAndTarget() {
    SimpleCommand command = simple("cmd 2>&1 {fd}>log <<< 'w' &>> all");
    assertThat(command.redirections())
        .extracting(Redirection::operator)
        .containsExactly(
            RedirectOperator.DUPLICATE_OUT,
            RedirectOperator.OUT,
            RedirectOperator.HERE_STRING,
            RedirectOperator.ALL_APPEND);
    assertThat(command.redirections())
        .extracting(Redirection::descriptor)
        .containsExactly("2", "{fd}", null, null);
  }

  @Test
  void aHereDocumentHasItsBodyAfterItsLine() {
    Script script = parse("cat <<EOF; cat <<-'E F'\nx $(a)\nEOF\n\ty\n\tE F\nz");
    SimpleCommand first = (SimpleCommand) script.statements().get(0).command();
    HereDocument unquoted = first.redirections().get(0).hereDocument();
    assertThat(unquoted.delimiter()).isEqualTo("EOF");
    assertThat(unquoted.quoted()).isFalse();
    assertThat(unquoted.body().parts()).hasAtLeastOneElementOfType(CommandSubstitution.class);
    assertThat(script.text(unquoted.body())).isEqualTo("x $(a)\n");
    SimpleCommand second = (SimpleCommand) script.statements().get(1).command();
    HereDocument quoted = second.redirections().get(0).hereDocument();
    assertThat(quoted.delimiter()).isEqualTo("E F");
    assertThat(quoted.quoted()).isTrue();
    assertThat(quoted.body().literalValue()).isEqualTo("y\n");
    assertThat(script.statements()).hasSize(3);
  }

  // ---- positions ----

  @Test
  void spansAreOffsetsAndLinesAndColumnsAreCountedWhenAsked() {
    Script script = parse("echo a\n  ls $(pwd)");
    SimpleCommand ls = (SimpleCommand) script.statements().get(1).command();
    WordPart substitution = ls.words().get(1).parts().get(0);
    assertThat(substitution.start()).isEqualTo(12);
    assertThat(substitution.end()).isEqualTo(18);
    assertThat(script.text(substitution)).isEqualTo("$(pwd)");
    assertThat(script.line(substitution.start())).isEqualTo(2);
    assertThat(script.column(substitution.start())).isEqualTo(6);
    assertThat(script.line(0)).isEqualTo(1);
    assertThat(script.column(0)).isEqualTo(1);
  }

  // ---- refusals ----

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "if a; then b",
        "fi",
        "a &&",
        "| a",
        ";",
        "a;;",
        "{ a }",
        "(a) b",
        "f() a",
        "for i in a b do c; done",
        "case x in a) b",
        "[[ a b ]]",
        "[[ -f ]]",
        "in z",
        "a | ! b",
        "echo >#x",
        "echo \"a",
        "cat <<EOF",
        "$(a",
        "echo a\0b"
      })
  void whatBashRefusesIsRefusedAsMalformed(String source) {
    assertThat(refusal(source)).isEqualTo(Reason.MALFORMED);
  }

  @Test
  void nestingOfEveryKindCountsAgainstTheBound() {
    int deepest = ShellParser.MAX_DEPTH;
    for (String open : List.of("if a; then ", "{ ", "while a; do ", "! ", "( ")) {
      String close =
          switch (open) {
            case "if a; then " -> "; fi";
            case "{ " -> "; }";
            case "while a; do " -> "; done";
            case "( " -> " )";
            default -> "";
          };
      parse(open.repeat(deepest) + "a" + close.repeat(deepest));
      assertThat(refusal(open.repeat(deepest + 1) + "a" + close.repeat(deepest + 1)))
          .as(open)
          .isEqualTo(Reason.TOO_DEEP);
    }
  }

  @Test
  void theBoundsAreShellParsers() {
    assertThat(refusal("a".repeat(ShellParser.MAX_LENGTH + 1))).isEqualTo(Reason.TOO_LONG);
    assertThat(refusal("a ".repeat(ShellParser.MAX_WORDS + 1))).isEqualTo(Reason.TOO_MANY_WORDS);
  }
}
