package io.github.providergateway.guard.shell.syntax;

/**
 * A node of a shell script's syntax tree ({@link
 * io.github.providergateway.guard.shell.syntax.SyntaxParser}), modelled on mvdan/sh's {@code
 * syntax} package: a span of the source, from {@link #start()} (inclusive) to {@link #end()}
 * (exclusive), as offsets in characters into the {@link Script} the node belongs to. A node's
 * children lie within its span, but for two: a backquoted substitution's script, which bash reads
 * again after taking off a level of backslashes, so that its nodes' spans are offsets into that
 * script's own text ({@link BackquoteSubstitution#script()}); and a here-document, whose body
 * starts on the line after its redirection, outside the spans of the redirection, command and
 * statement holding it ({@link Redirection#hereDocument()}; it lies after the redirection, within
 * the script or the substitution it is read in).
 *
 * <p>The line and column of an offset are computed when asked ({@link Script#line}, {@link
 * Script#column}). Nodes are values: records, built once, never changed. Nothing in the tree runs.
 *
 * <p>New kinds of node may come in a minor version: a {@code switch} over these types outside this
 * library should keep a {@code default}.
 */
public sealed interface Node
    permits Script,
        Statement,
        Command,
        WrittenWord,
        WordPart,
        Assignment,
        Redirection,
        HereDocument,
        IfBranch,
        CaseItem,
        ArithmeticExpression,
        TestExpression {

  /** {@return the offset of the node's first character} */
  int start();

  /** {@return the offset just after the node's last character} */
  int end();
}
