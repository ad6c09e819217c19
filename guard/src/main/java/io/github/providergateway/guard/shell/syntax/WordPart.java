package io.github.providergateway.guard.shell.syntax;

/**
 * A part of a {@link WrittenWord}: text ({@link Literal}, {@link SingleQuoted}, {@link
 * DoubleQuoted}, {@link AnsiCQuoted}), an expansion ({@link ParameterExpansion}, {@link
 * CommandSubstitution}, {@link BackquoteSubstitution}, {@link ProcessSubstitution}, {@link
 * ArithmeticExpansion}), or a shape bash gives unquoted text ({@link BraceExpansion}, {@link
 * GlobPattern}, {@link Tilde}); and an array's value ({@link ArrayExpression}) in the argument of a
 * declaration ({@code declare -a x=(1 2)}).
 */
public sealed interface WordPart extends Node
    permits Literal,
        SingleQuoted,
        DoubleQuoted,
        AnsiCQuoted,
        ParameterExpansion,
        CommandSubstitution,
        BackquoteSubstitution,
        ProcessSubstitution,
        ArithmeticExpansion,
        BraceExpansion,
        GlobPattern,
        Tilde,
        ArrayExpression {}
