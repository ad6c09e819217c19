package io.github.providergateway.app.home;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;

/**
 * Where a JSON text breaks, by line and column only. A file's content never goes into an error, a
 * log line, an audit record or a deny reason (issue 61): Jackson's own message quotes the token it
 * refused, and a configuration or guard file that is a link to a token file would put the token
 * there whole.
 */
public final class JsonBreak {
  private JsonBreak() {}

  /**
   * {@return "not valid JSON at line L, column C" for text that does not parse, or "not valid JSON"
   * when the place cannot be found}
   *
   * @param text the text that was refused
   */
  public static String at(String text) {
    try (JsonParser parser = new JsonFactory().createParser(text)) {
      while (parser.nextToken() != null) {
        parser.skipChildren();
      }
    } catch (JsonProcessingException e) {
      return "not valid JSON at line "
          + e.getLocation().getLineNr()
          + ", column "
          + e.getLocation().getColumnNr();
    } catch (IOException e) {
      // a string cannot fail to read
    }
    return "not valid JSON";
  }
}
