package io.github.providergateway.guard.shell.syntax;

/**
 * The expression of a {@code [[ … ]]} ({@link TestClause}): a word alone (true when not empty), a
 * unary or binary test, a negation, a parenthesized expression, or tests joined by {@code &&} and
 * {@code ||}.
 */
public sealed interface TestExpression extends Node
    permits WrittenWord, UnaryTest, BinaryTest, NotTest, ParenTest, AndOrTest {}
