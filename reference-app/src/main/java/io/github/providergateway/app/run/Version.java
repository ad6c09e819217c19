package io.github.providergateway.app.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The app's version, from the {@code version.properties} the build fills in. */
public final class Version implements IVersionProvider {

  /** Where the build writes it: beside {@code Main}, where it has always been. */
  private static final String RESOURCE = "/io/github/providergateway/app/version.properties";

  /** The version text, such as {@code 0.1.0-SNAPSHOT}. */
  public static String text() {
    Properties properties = new Properties();
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        return "unknown";
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read version.properties from the app's own jar", e);
    }
    return properties.getProperty("version", "unknown");
  }

  @Override
  public String[] getVersion() {
    return new String[] {
      "provider-gateway " + text() + " (Provider Interface protocol version 2)",
      "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"
    };
  }
}
