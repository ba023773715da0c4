import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{js,jsx,ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Tailwind's orange, one step darker from 500 up, so text meets WCAG AA (4.5:1): white on 600 is
        // 5.2:1 and 600 on white the same; 500 (3.6:1) is for rings, borders and icons only (3:1 suffices).
        brand: {
          50: "#fff7ed",
          100: "#ffedd5",
          500: "#ea580c",
          600: "#c2410c",
          700: "#9a3412",
          900: "#7c2d12",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
