package io.github.providergateway.guard.shell.syntax;

/**
 * A command: a simple one ({@link SimpleCommand}), commands joined ({@link Pipeline}, {@link
 * AndOrList}), one with a prefix ({@link Negation}, {@link TimeClause}, {@link CoprocClause}), a
 * {@link FunctionDeclaration}, or a {@link CompoundCommand}.
 */
public sealed interface Command extends Node
    permits SimpleCommand,
        Pipeline,
        AndOrList,
        Negation,
        TimeClause,
        CoprocClause,
        FunctionDeclaration,
        CompoundCommand {}
