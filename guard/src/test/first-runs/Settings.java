import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.providergateway.guard.GuardSettings;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The blind runners' third argument: a preset's name, or a person's settings file ({@code
 * …guard.json}: the {@code "guard"} object, or a configuration holding one), read as the person's
 * own. A problem with the file (an entry left out) stops the run: a rule silently dropped would
 * measure less than the person wrote.
 */
final class Settings {
  private Settings() {}

  static GuardSettings read(ObjectMapper json, String presetOrFile) throws Exception {
    if (!presetOrFile.endsWith(".json")) {
      return GuardSettings.personal(json.readTree("{\"preset\":\"" + presetOrFile + "\"}"));
    }
    JsonNode file = json.readTree(Files.readString(Path.of(presetOrFile)));
    JsonNode guard = file.has("guard") ? file.get("guard") : file;
    GuardSettings settings = GuardSettings.personal(guard);
    if (!settings.problems().isEmpty()) {
      throw new IllegalArgumentException(presetOrFile + ": " + settings.problems());
    }
    System.out.printf("settings  %s: preset %s, %d rules%n", presetOrFile, settings.preset(), settings.rules().size());
    return settings;
  }
}
