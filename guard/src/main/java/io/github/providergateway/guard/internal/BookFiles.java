package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.filter.FilteringParserDelegate;
import com.fasterxml.jackson.core.filter.TokenFilter;
import com.fasterxml.jackson.core.filter.TokenFilter.Inclusion;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rule book's files as the guard reads them ({@code rules/} beside this class's package): a
 * family's rules without their examples, which no decision reads, and the whole file when a test
 * asks for the examples.
 *
 * <p>The examples are more than two thirds of the book's 2.7 MB. A hook's JVM with no gateway reads
 * the book for one call on a machine that may be busy (decision 84): the build writes the families
 * without their examples as one file ({@link BookWithoutExamples}), which it reads at once; classes
 * that no build made pass over the examples' characters without building them ({@code
 * docs/performance.md}).
 */
final class BookFiles {
  private static final String FOLDER = "/io/github/providergateway/guard/rules/";

  /**
   * Where the build writes every family's file without examples, in the book's order ({@link
   * BookWithoutExamples}).
   */
  static final String WITHOUT_EXAMPLES =
      "/io/github/providergateway/guard/rules-without-examples.json";

  private final ObjectMapper json;

  BookFiles(ObjectMapper json) {
    this.json = json;
  }

  /**
   * A file, whole.
   *
   * @param file its name ({@code families.json})
   * @return its tree
   * @throws IllegalStateException when the book has no such file
   * @throws UncheckedIOException when it is not JSON
   */
  JsonNode whole(String file) {
    try (InputStream in = open(file)) {
      return json.readTree(in);
    } catch (IOException e) {
      throw unreadable(file, e);
    }
  }

  /**
   * Every family's file without its rules' examples, by family name in the order of {@code
   * families.json}: from the one file the build writes ({@link BookWithoutExamples}) when the
   * classes hold it, else read file by file ({@link #withoutExamples}), as classes compiled by
   * other than the build would be.
   *
   * @return the files' trees, by family
   * @throws IllegalStateException when the book lacks a file
   * @throws UncheckedIOException when one is not JSON
   */
  Map<String, JsonNode> familiesWithoutExamples() {
    Map<String, JsonNode> families = new LinkedHashMap<>();
    try (InputStream built = BookFiles.class.getResourceAsStream(WITHOUT_EXAMPLES)) {
      if (built != null) {
        for (Iterator<Map.Entry<String, JsonNode>> files = json.readTree(built).fields();
            files.hasNext(); ) {
          Map.Entry<String, JsonNode> file = files.next();
          families.put(file.getKey(), file.getValue());
        }
        return families;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("the rule book's " + WITHOUT_EXAMPLES + " does not read", e);
    }
    for (JsonNode family : whole("families.json")) {
      families.put(family.asText(), withoutExamples(family.asText() + ".json"));
    }
    return families;
  }

  /**
   * A family's file with each rule's {@code examples} passed over: the rest as {@link #whole} reads
   * it.
   *
   * @param file its name ({@code fs.json})
   * @return its tree, its rules without examples
   * @throws IllegalStateException when the book has no such file, or it is no object
   * @throws UncheckedIOException when it is not JSON
   */
  JsonNode withoutExamples(String file) {
    try (InputStream in = open(file);
        JsonParser parser =
            new FilteringParserDelegate(
                json.getFactory().createParser(in), BOOK, Inclusion.INCLUDE_ALL_AND_PATH, true)) {
      return json.readTree(parser);
    } catch (IOException e) {
      throw unreadable(file, e);
    }
  }

  /** A family's file: its rules' fields, all but their examples, and its other fields whole. */
  private static final TokenFilter BOOK =
      new TokenFilter() {
        @Override
        public TokenFilter includeProperty(String name) {
          return name.equals("rules") ? RULES : TokenFilter.INCLUDE_ALL;
        }
      };

  /** The rules: each whole but its examples. */
  private static final TokenFilter RULES =
      new TokenFilter() {
        @Override
        public TokenFilter includeElement(int index) {
          return RULE;
        }
      };

  private static final TokenFilter RULE =
      new TokenFilter() {
        @Override
        public TokenFilter includeProperty(String name) {
          return name.equals("examples") ? null : TokenFilter.INCLUDE_ALL;
        }
      };

  private static InputStream open(String file) {
    InputStream in = BookFiles.class.getResourceAsStream(FOLDER + file);
    if (in == null) {
      throw new IllegalStateException("the rule book has no " + file);
    }
    return in;
  }

  private static UncheckedIOException unreadable(String file, IOException e) {
    return new UncheckedIOException("the rule book's " + file + " does not read", e);
  }
}
