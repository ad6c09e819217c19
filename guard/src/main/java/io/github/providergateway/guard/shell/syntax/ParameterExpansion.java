package io.github.providergateway.guard.shell.syntax;

import static java.util.Objects.requireNonNull;

/**
 * A parameter's expansion: {@code $x}, {@code $1}, {@code $@}, <code>${x}</code>, <code>${#x}
 * </code>, <code>${!x}</code>, <code>${x:-word}</code>, <code>${x/a/b}</code>, <code>${x:1:2}
 * </code>, <code>${a[i]}</code>, <code>${!prefix*}</code>.
 *
 * @param braced whether it was written with braces
 * @param prefix what stands before the name: {@code #} (the length) or {@code !} (indirection)
 * @param name the parameter's name: a variable's name, digits, or one of {@code @*#?-$!}; empty
 *     when bash would refuse the expansion as a bad substitution and nothing sensible came first
 * @param index the subscript of an array element ({@code i} of <code>${a[i]}</code>), or {@code
 *     null}
 * @param operator what is done with the value
 * @param argument the operator's word: the default of {@code :-}, the pattern of {@code #} or
 *     {@code /}, the offset of {@code :}, the transformation of {@code @}; for {@link
 *     Operator#BAD_SUBSTITUTION}, the rest of the text; {@code null} when the operator has none
 * @param replacement the replacement of {@code /}, the length of {@code :}, or {@code null}
 * @param start the offset of the {@code $}
 * @param end the offset after the name, or after the closing brace
 */
public record ParameterExpansion(
    boolean braced,
    Prefix prefix,
    String name,
    WrittenWord index,
    Operator operator,
    WrittenWord argument,
    WrittenWord replacement,
    int start,
    int end)
    implements WordPart {

  /** What stands before the name. */
  public enum Prefix {
    /** Nothing. */
    NONE,
    /** {@code #}: the value's length. */
    LENGTH,
    /** {@code !}: the value of the variable named by the value (or the matching names). */
    INDIRECT
  }

  /** What is done with the value. */
  public enum Operator {
    /** Nothing: the value. */
    NONE(""),
    /** {@code -}: the word when unset. */
    DEFAULT_IF_UNSET("-"),
    /** {@code :-}: the word when unset or empty. */
    DEFAULT(":-"),
    /** {@code =}: the word, also assigned, when unset. */
    ASSIGN_IF_UNSET("="),
    /** {@code :=}: the word, also assigned, when unset or empty. */
    ASSIGN(":="),
    /** {@code ?}: an error with the word when unset. */
    ERROR_IF_UNSET("?"),
    /** {@code :?}: an error with the word when unset or empty. */
    ERROR(":?"),
    /** {@code +}: the word when set. */
    ALTERNATE_IF_SET("+"),
    /** {@code :+}: the word when set and not empty. */
    ALTERNATE(":+"),
    /** {@code #}: the shortest prefix matching the word removed. */
    REMOVE_SHORTEST_PREFIX("#"),
    /** {@code ##}: the longest prefix matching the word removed. */
    REMOVE_LONGEST_PREFIX("##"),
    /** {@code %}: the shortest suffix matching the word removed. */
    REMOVE_SHORTEST_SUFFIX("%"),
    /** {@code %%}: the longest suffix matching the word removed. */
    REMOVE_LONGEST_SUFFIX("%%"),
    /** {@code /}: the first match of the word replaced. */
    REPLACE_FIRST("/"),
    /** {@code //}: every match replaced. */
    REPLACE_ALL("//"),
    /** {@code /#}: a match at the start replaced. */
    REPLACE_PREFIX("/#"),
    /** {@code /%}: a match at the end replaced. */
    REPLACE_SUFFIX("/%"),
    /** {@code ^}: the first character upper-cased where it matches. */
    UPPER_FIRST("^"),
    /** {@code ^^}: every matching character upper-cased. */
    UPPER_ALL("^^"),
    /** {@code ,}: the first character lower-cased where it matches. */
    LOWER_FIRST(","),
    /** {@code ,,}: every matching character lower-cased. */
    LOWER_ALL(",,"),
    /** {@code :}: a substring, from the argument's offset, the replacement's length long. */
    SUBSTRING(":"),
    /** {@code @}: a transformation ({@code @Q}, {@code @E}, {@code @P}, {@code @A}, …). */
    TRANSFORM("@"),
    /**
     * {@code !prefix*} or {@code !prefix@}: the names of the variables starting so; the argument is
     * the {@code *} or {@code @}.
     */
    NAMES_STARTING(""),
    /** Text bash reads to the brace but refuses when it expands it ("bad substitution"). */
    BAD_SUBSTITUTION("");

    private final String text;

    Operator(String text) {
      this.text = text;
    }

    /** {@return the operator as written after the name; empty for none} */
    public String text() {
      return text;
    }
  }

  /**
   * Checks.
   *
   * @param braced whether it was written with braces
   * @param prefix what stands before the name
   * @param name the parameter's name
   * @param index the subscript of an array element, or {@code null}
   * @param operator what is done with the value
   * @param argument the operator's word, or {@code null}
   * @param replacement the replacement or length, or {@code null}
   * @param start the offset of the {@code $}
   * @param end the offset after the name, or after the closing brace
   */
  public ParameterExpansion {
    requireNonNull(prefix, "prefix");
    requireNonNull(name, "name");
    requireNonNull(operator, "operator");
  }
}
