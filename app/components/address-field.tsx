import { useEffect, useRef, useState } from "react";
import { FormInput } from "./form-input";

type PlaceResult = { formatted_address?: string; geometry?: { location?: { lat(): number; lng(): number } } };
type Autocomplete = { addListener(event: string, handler: () => void): void; getPlace(): PlaceResult };
type PlacesApi = {
  maps: {
    places: {
      Autocomplete: new (
        input: HTMLInputElement,
        options: { componentRestrictions: { country: string }; fields: string[] },
      ) => Autocomplete;
    };
  };
};

let placesScript: Promise<PlacesApi> | null = null;

function loadPlaces(apiKey: string): Promise<PlacesApi> {
  placesScript ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&libraries=places`;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as { google?: PlacesApi }).google;
      if (api) resolve(api);
      else reject(new Error("Places library missing"));
    };
    script.onerror = () => reject(new Error("Places library did not load"));
    document.head.append(script);
  });
  return placesScript;
}

type AddressFieldProps = {
  label: string;
  field: { id: string; name: string; defaultValue?: string; errors?: string[]; errorId: string };
  longitude: { name: string; defaultValue?: string; errors?: string[] };
  latitude: { name: string; defaultValue?: string; errors?: string[] };
  /** Without a key (or without JavaScript) the address is plain text and the coordinates stay empty. */
  mapsApiKey?: string | null;
};

export function AddressField({ label, field, longitude, latitude, mapsApiKey }: AddressFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // State, not refs: a re-render (live validation on blur) would put a hidden input's default back.
  const [coordinates, setCoordinates] = useState({
    longitude: longitude.defaultValue ?? "",
    latitude: latitude.defaultValue ?? "",
  });
  useEffect(() => {
    if (!mapsApiKey || !input.current) return;
    const element = input.current;
    loadPlaces(mapsApiKey)
      .then((google) => {
        const autocomplete = new google.maps.places.Autocomplete(element, {
          componentRestrictions: { country: "ng" },
          fields: ["formatted_address", "geometry"],
        });
        autocomplete.addListener("place_changed", () => {
          const place = autocomplete.getPlace();
          const location = place.geometry?.location;
          if (place.formatted_address) element.value = place.formatted_address;
          if (location)
            setCoordinates({ longitude: String(location.lng()), latitude: String(location.lat()) });
        });
      })
      .catch((error: unknown) => console.warn(`Address autocomplete is off: ${String(error)}`));
  }, [mapsApiKey]);
  // The coordinates are hidden: a refusal of theirs (a tampered or stale value) is shown on the address.
  const errors = [...(field.errors ?? []), ...(longitude.errors ?? []), ...(latitude.errors ?? [])];
  return (
    <>
      <FormInput
        label={label}
        autoComplete="street-address"
        ref={input}
        // Typed by hand, the address no longer is the place the coordinates belong to.
        onInput={() => setCoordinates({ longitude: "", latitude: "" })}
        {...field}
        errors={errors.length ? errors : undefined}
      />
      <input type="hidden" name={longitude.name} value={coordinates.longitude} />
      <input type="hidden" name={latitude.name} value={coordinates.latitude} />
    </>
  );
}
